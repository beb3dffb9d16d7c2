"""Drawing as SVG with the canvas calls a map is drawn with: the third target beside the PDF
canvas and the PNG (render/raster.py), for the game's web page.

Page points become SVG user units with y turned downwards, so the drawing keeps the PDF's
proportions and scales to any width. Text stays text (`<text>` in the newsletter's own fonts,
named as reportlab names them; the web page loads them by `@font-face`), so a browser finds a
hex label or a city name by its search. Numbers are written to two decimals at most: same calls,
same bytes.
"""

from __future__ import annotations

from html import escape

from .fonts import register
from .textobject import TextObject


def num(value: float) -> str:
    """A coordinate as short as it can be written: two decimals at most, no trailing zeros."""
    text = f"{round(value, 2):.7g}"
    return "0" if text == "-0" else text


def _hex(r: float, g: float, b: float) -> str:
    return f"#{round(r * 255):02x}{round(g * 255):02x}{round(b * 255):02x}"


class SvgPath:
    """A path as SVG path data; coordinates are turned over when the canvas draws it."""

    def __init__(self):
        self.parts: list[tuple] = []

    def moveTo(self, x, y):
        self.parts.append(("M", x, y))

    def lineTo(self, x, y):
        self.parts.append(("L", x, y))

    def curveTo(self, x1, y1, x2, y2, x3, y3):
        self.parts.append(("C", x1, y1, x2, y2, x3, y3))

    def close(self):
        self.parts.append(("Z",))

    def rect(self, x, y, width, height):
        self.moveTo(x, y)
        self.lineTo(x + width, y)
        self.lineTo(x + width, y + height)
        self.lineTo(x, y + height)
        self.close()

    def circle(self, x, y, r):
        self.parts.append(("O", x, y, r))

    def roundRect(self, x, y, width, height, radius):
        self.parts.append(("R", x, y, width, height, radius))


_CAPS = {0: "butt", 1: "round", 2: "square"}
_JOINS = {0: "miter", 1: "round", 2: "bevel"}


class SvgCanvas:
    """The part of reportlab's canvas a map uses, writing SVG elements in page points."""

    path_class = SvgPath            # the kind of path a map's background is made of for this canvas

    def __init__(self, pagesize):
        register()
        self.width, self.height = pagesize
        self.out: list[str] = []
        self._state = {"fill": "#000000", "stroke": "#000000", "width": 1.0, "dash": (), "fill_alpha": 1.0,
                       "stroke_alpha": 1.0, "cap": 0, "join": 0, "font": None, "groups": 0}
        self._saved: list[dict] = []
        self._clips = 0

    # -- state ---------------------------------------------------------------
    def setFillColorRGB(self, r, g, b):
        self._state["fill"] = _hex(r, g, b)

    def setStrokeColorRGB(self, r, g, b):
        self._state["stroke"] = _hex(r, g, b)

    def setFillColor(self, color):
        """A reportlab Color, whose alpha becomes the fill's, as on a PDF canvas."""
        self._state["fill"] = _hex(color.red, color.green, color.blue)
        self._state["fill_alpha"] = color.alpha

    def setStrokeColor(self, color):
        self._state["stroke"] = _hex(color.red, color.green, color.blue)
        self._state["stroke_alpha"] = color.alpha

    def setLineWidth(self, width):
        self._state["width"] = width

    def setDash(self, array=(), phase=0):
        self._state["dash"] = tuple(array) if isinstance(array, (list, tuple)) else (array, phase)

    def setFillAlpha(self, alpha):
        self._state["fill_alpha"] = alpha

    def setStrokeAlpha(self, alpha):
        self._state["stroke_alpha"] = alpha

    def setLineCap(self, cap):
        self._state["cap"] = cap

    def setLineJoin(self, join):
        self._state["join"] = join

    def setFont(self, name, size, leading=None):
        self._state["font"] = (name, size)

    def stringWidth(self, text, name, size):
        from reportlab.pdfbase.pdfmetrics import stringWidth
        return stringWidth(text, name, size)

    def saveState(self):
        self._saved.append(dict(self._state))
        self._state["groups"] = 0

    def restoreState(self):
        self.out.extend(["</g>"] * self._state["groups"])
        self._state = self._saved.pop()

    def clipPath(self, path: SvgPath, stroke=0, fill=0):
        self._clips += 1
        self.out.append(f'<clipPath id="clip{self._clips}"><path d="{self._d(path)}"/></clipPath>'
                        f'<g clip-path="url(#clip{self._clips})">')
        self._state["groups"] += 1

    # -- drawing -------------------------------------------------------------
    def _xy(self, x, y) -> str:
        return f"{num(x)} {num(self.height - y)}"

    def _d(self, path: SvgPath) -> str:
        out = []
        for part in path.parts:
            kind = part[0]
            if kind in "ML":
                out.append(kind + self._xy(part[1], part[2]))
            elif kind == "C":
                out.append("C" + " ".join(self._xy(part[i], part[i + 1]) for i in (1, 3, 5)))
            elif kind == "Z":
                out.append("Z")
            elif kind == "O":
                _, x, y, r = part
                out.append(f"M{self._xy(x - r, y)}a{num(r)} {num(r)} 0 1 0 {num(2 * r)} 0"
                           f"a{num(r)} {num(r)} 0 1 0 {num(-2 * r)} 0Z")
            elif kind == "R":
                _, x, y, w, h, r = part
                r = min(r, w / 2, h / 2)
                out.append(f"M{self._xy(x + r, y + h)}h{num(w - 2 * r)}a{num(r)} {num(r)} 0 0 1 {num(r)} {num(r)}"
                           f"v{num(h - 2 * r)}a{num(r)} {num(r)} 0 0 1 {num(-r)} {num(r)}h{num(2 * r - w)}"
                           f"a{num(r)} {num(r)} 0 0 1 {num(-r)} {num(-r)}v{num(2 * r - h)}"
                           f"a{num(r)} {num(r)} 0 0 1 {num(r)} {num(-r)}Z")
        return "".join(out)

    def _paint(self, stroke, fill, even_odd=True) -> str:
        s = self._state
        attrs = [f'fill="{s["fill"]}"' if fill else 'fill="none"']
        if fill and s["fill_alpha"] < 1:
            attrs.append(f'fill-opacity="{num(s["fill_alpha"])}"')
        if fill and even_odd:
            attrs.append('fill-rule="evenodd"')
        if stroke:
            attrs.append(f'stroke="{s["stroke"]}" stroke-width="{num(s["width"])}"')
            if s["stroke_alpha"] < 1:
                attrs.append(f'stroke-opacity="{num(s["stroke_alpha"])}"')
            if s["dash"] and min(s["dash"]) > 0:
                attrs.append(f'stroke-dasharray="{" ".join(num(d) for d in s["dash"])}"')
            if s["cap"]:
                attrs.append(f'stroke-linecap="{_CAPS.get(s["cap"], "butt")}"')
            if s["join"]:
                attrs.append(f'stroke-linejoin="{_JOINS.get(s["join"], "miter")}"')
        return " ".join(attrs)

    def beginPath(self) -> SvgPath:
        return self.path_class()

    def drawPath(self, path: SvgPath, stroke=1, fill=0, fillMode=None):
        if not path.parts or not (stroke or fill):
            return
        from reportlab.pdfgen.canvas import FILL_NON_ZERO
        self.out.append(f'<path d="{self._d(path)}" {self._paint(stroke, fill, fillMode != FILL_NON_ZERO)}/>')

    def line(self, x1, y1, x2, y2):
        self.out.append(f'<path d="M{self._xy(x1, y1)}L{self._xy(x2, y2)}" {self._paint(1, 0)}/>')

    def lines(self, segments):
        d = "".join(f"M{self._xy(x1, y1)}L{self._xy(x2, y2)}" for x1, y1, x2, y2 in segments)
        if d:
            self.out.append(f'<path d="{d}" {self._paint(1, 0)}/>')

    def rect(self, x, y, width, height, stroke=1, fill=0):
        p = SvgPath()
        p.rect(x, y, width, height)
        self.drawPath(p, stroke, fill)

    def roundRect(self, x, y, width, height, radius, stroke=1, fill=0):
        p = SvgPath()
        p.roundRect(x, y, width, height, radius)
        self.drawPath(p, stroke, fill)

    def circle(self, x, y, r, stroke=1, fill=0):
        self.out.append(f'<circle cx="{num(x)}" cy="{num(self.height - y)}" r="{num(r)}" {self._paint(stroke, fill)}/>')

    def drawString(self, x, y, text):
        self._text(x, y, text, "")

    def drawCentredString(self, x, y, text):
        self._text(x, y, text, ' text-anchor="middle"')

    def drawRightString(self, x, y, text):
        self._text(x, y, text, ' text-anchor="end"')

    def beginText(self) -> TextObject:
        return TextObject()

    def drawText(self, text: TextObject):
        """The strings as one `<text>` per run in one font, each string a `<tspan>` at its origin,
        a space between them: the browser styles and lays out a text of hundreds of labels once,
        not hundreds of texts, and its search still finds each label as a word."""
        run: list[str] = []
        for k, (font, x, y, string) in enumerate(text.strings):
            run.append(f'<tspan x="{num(x)}" y="{num(self.height - y)}">{escape(string, quote=False)}</tspan>')
            if k + 1 == len(text.strings) or text.strings[k + 1][0] != font:
                self.setFont(*font)
                self.out.append(f"<text {self._text_paint()}>{' '.join(run)}</text>")
                run = []

    def _text_paint(self) -> str:
        (name, size), s = self._state["font"], self._state
        opacity = f' fill-opacity="{num(s["fill_alpha"])}"' if s["fill_alpha"] < 1 else ""
        return f'font-family="{name}" font-size="{num(size)}" fill="{s["fill"]}"{opacity}'

    def _text(self, x, y, text, anchor):
        self.out.append(f'<text x="{num(x)}" y="{num(self.height - y)}" {self._text_paint()}{anchor}>'
                        f'{escape(text, quote=False)}</text>')

    def body(self) -> str:
        """The elements drawn so far, every group closed."""
        while self._saved:
            self.restoreState()
        return "".join(self.out)

    def svg(self, label: str | None = None) -> str:
        """A standalone SVG document of the drawing, `label` its accessible name."""
        named = f' role="img" aria-label="{escape(label)}"' if label else ""
        return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {num(self.width)} {num(self.height)}"{named}>'
                f"{self.body()}</svg>\n")


def viewbox(width: float, height: float) -> str:
    return f"0 0 {num(width)} {num(height)}"

