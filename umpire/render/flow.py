"""The newsletter's page flow, laid out by reportlab's platypus: headings, wrapped paragraphs,
tables that repeat their header on a new page, drawings kept whole, and pages of their own (the
map sheets, upright or turned), every page with the same footer and its number.

A `Flow` collects the elements in order; `build` lays them out on one paper size.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from xml.sax.saxutils import escape

from reportlab.lib.colors import Color
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.utils import simpleSplit
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    Frame,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from ..kernel.language import _
from .fonts import BOLD, SANS
from .paper import MM
from .pdfsettings import CANVAS, MADE_BY, prepare

MARGIN = 16 * MM
FOOTER = 10 * MM
UPRIGHT, TURNED = "upright", "turned"
BARE = "-bare"                  # a template's name with this: the page has no footer

Draw = Callable[..., None]


@dataclass
class Column:
    title: str
    width: float             # points
    align: str = "left"      # left | right | centre


class Drawing(Flowable):
    """`draw(canvas, width, height)` draws in a box of that size, its origin at the box's bottom left;
    kept whole on one page."""

    def __init__(self, width: float, height: float, draw: Draw):
        super().__init__()
        self.width, self.height, self._draw = width, height, draw

    def wrap(self, available_width, available_height):
        return self.width, self.height

    def draw(self):
        self._draw(self.canv, self.width, self.height)


class _Page(Flowable):
    """A page of its own: `draw(canvas, pagesize)` draws in page coordinates."""

    def __init__(self, draw: Draw):
        super().__init__()
        self._draw = draw

    def wrap(self, available_width, available_height):
        return 0, 0

    def drawOn(self, canvas, x, y, _sW=0):
        self._draw(canvas, canvas._pagesize)


class Flow:
    def __init__(self, footer: str, pagesize=A4):
        prepare()                     # paragraphs are read as they are added: the fonts must be known
        self.footer, self.pagesize = footer, pagesize
        self.story: list[Flowable] = []
        self.first = UPRIGHT          # the template of the first page
        self._own_page = False        # the last element was a page of its own

    @property
    def width(self) -> float:
        return self.pagesize[0] - 2 * MARGIN

    def add(self, *flowables: Flowable):
        if self._own_page:
            self.story += [NextPageTemplate(UPRIGHT), PageBreak()]
            self._own_page = False
        self.story += flowables

    # -- pages -----------------------------------------------------------------
    def new_page(self):
        """What follows starts on a new page."""
        if self.story and not self._own_page:
            self.story.append(PageBreak())

    def page(self, draw: Draw, turned: bool = False, footer: bool = True):
        """A page of its own, drawn by `draw(canvas, pagesize)`; turned: the same paper in landscape;
        without `footer` for a drawing that fills the page to its edges (the Volldampf board)."""
        template = (TURNED if turned else UPRIGHT) + ("" if footer else BARE)
        if self.story:
            self.story += [NextPageTemplate(template), PageBreak()]
        else:
            self.first = template
        self.story.append(_Page(draw))
        self._own_page = True

    def gap(self, height: float = 6):
        self.add(Spacer(0, height))

    # -- elements --------------------------------------------------------------
    def heading(self, text: str, size: float = 13):
        """A heading with a rule under it, kept on one page with at least three lines of what follows."""
        self.add(CondPageBreak(size * 3.2 + 36),
                 Paragraph(escape(text), _style(BOLD, size, 0, (0.1, 0.1, 0.1), size * 1.2, size * 0.9)),
                 Drawing(self.width, 5 + size * 0.15, _rule))

    def para(self, text: str, size: float = 9.5, font: str = SANS, indent: float = 0,
             colour=(0, 0, 0)):
        self.add(Paragraph(escape(text), _style(font, size, indent, tuple(colour), size * 1.3, 0)))

    def drawing(self, height: float, draw: Draw):
        """A drawing across the text's width, `height` points high: `draw(canvas, width, height)`."""
        self.add(Drawing(self.width, height, draw))

    def banner(self, head: str, sub: str, background: tuple[float, float, float]):
        """The title band a newsletter or sheet opens with: `head` large and `sub` small, in white."""
        def draw(c, width, height):
            c.setFillColorRGB(*background)
            c.rect(0, 0, width, height, stroke=0, fill=1)
            c.setFillColorRGB(1, 1, 1)
            c.setFont(BOLD, 20)
            c.drawString(10, 20, head)
            c.setFont(SANS, 9.5)
            c.drawString(10, 6, sub)

        self.drawing(46, draw)
        self.gap(6)

    def table(self, columns: list[Column], rows: list[list], size: float = 8.5, swatch: Draw | None = None,
              whole_rows: bool = False):
        """Rows of cells under a header repeated on every page, each cell wrapped to its column (a row
        taller than what is left of a page goes on on the next, unless `whole_rows`: then it moves there);
        `swatch(canvas, row_index, x, y)` may draw a sample in a row's first cell (y: its first line's middle)."""
        lead = size * 1.45
        total = sum(col.width for col in columns)
        scale = min(1.0, self.width / total)
        widths = [col.width * scale for col in columns]
        data = [[col.title for col in columns]]
        for i, row in enumerate(rows):
            cells = ["\n".join(simpleSplit(str(v), SANS, size, w - 4)) for v, w in zip(row, widths)]
            if swatch:
                cells[0] = Drawing(widths[0] - 4, size * 1.2, lambda c, w, h, i=i: swatch(c, i, 0, h / 2))
            data.append(cells)
        style = [("FONT", (0, 0), (-1, 0), BOLD, size, size * 1.2),
                 ("FONT", (0, 1), (-1, -1), SANS, size, size * 1.2),
                 ("BACKGROUND", (0, 0), (-1, 0), Color(0.86, 0.86, 0.82)),
                 ("ROWBACKGROUNDS", (0, 1), (-1, -1), [None, Color(0.95, 0.95, 0.93)]),
                 ("VALIGN", (0, 0), (-1, -1), "TOP"),
                 ("LEFTPADDING", (0, 0), (-1, -1), 2), ("RIGHTPADDING", (0, 0), (-1, -1), 2),
                 ("TOPPADDING", (0, 0), (-1, -1), (lead - size * 1.2) / 2),
                 ("BOTTOMPADDING", (0, 0), (-1, -1), (lead - size * 1.2) / 2)]
        style += [("ALIGN", (k, 0), (k, -1), {"right": "RIGHT", "centre": "CENTER"}[col.align])
                  for k, col in enumerate(columns) if col.align != "left"]
        self.add(Table(data, colWidths=widths, repeatRows=1, splitInRow=0 if whole_rows else 1,
                       style=TableStyle(style), hAlign="LEFT"),
                 Spacer(0, 4))

    def press(self, items: list[dict]):
        """The press of an issue: each piece under its writer's name (or as grey press)."""
        if not items:
            return
        self.heading(_("Press"))
        for p in items:
            self.para(p["by"] or _("Grey press"), font=BOLD, size=9.5)
            for line in p["text"].splitlines() or [""]:
                self.para(line, indent=12, size=9)
            if p["cut"]:
                self.para(_("(the rest was too long to print)"), indent=12, size=8.5)

    # -- the document ------------------------------------------------------------
    def build(self, title: str, canvasmaker=None) -> bytes:
        """Lay the elements out as a PDF with invariant bytes."""
        buffer = io.BytesIO()
        w, h = self.pagesize
        templates = {name + bare: PageTemplate(name + bare, [Frame(MARGIN, MARGIN + FOOTER, size[0] - 2 * MARGIN,
                                                                   size[1] - 2 * MARGIN - FOOTER, 0, 0, 0, 0)],
                                               onPageEnd=_no_footer if bare else self._footer, pagesize=size)
                     for name, size in ((UPRIGHT, (w, h)), (TURNED, (h, w))) for bare in ("", BARE)}
        doc = BaseDocTemplate(buffer, pagesize=templates[self.first].pagesize, title=title, author=MADE_BY,
                              creator=MADE_BY, **CANVAS)
        doc.addPageTemplates([templates[self.first]] + [t for name, t in templates.items() if name != self.first])
        doc.build(self.story, **({"canvasmaker": canvasmaker} if canvasmaker else {}))
        return buffer.getvalue()

    def _footer(self, c, doc):
        c.saveState()
        c.setFont(SANS, 7.5)
        c.setFillColorRGB(0.35, 0.35, 0.35)
        c.drawString(MARGIN, FOOTER, self.footer)
        c.drawRightString(c._pagesize[0] - MARGIN, FOOTER, _("page {number}").format(number=c.getPageNumber()))
        c.restoreState()


@cache
def _style(font: str, size: float, indent: float, colour: tuple, leading: float, before: float) -> ParagraphStyle:
    return ParagraphStyle(f"{font}-{size}-{indent}-{colour}", fontName=font, fontSize=size, leading=leading,
                          leftIndent=indent, textColor=Color(*colour), spaceBefore=before)


def _no_footer(c, doc):
    pass


def _rule(c, width: float, height: float):
    c.setStrokeColorRGB(0.55, 0.55, 0.55)
    c.setLineWidth(0.6)
    c.line(0, height - 1, width, height - 1)
