"""Drawing on a bitmap with the canvas calls a map is drawn with, so that the same drawing code
makes the PDF page and a PNG for players who read their mail on a phone.

Pillow (which reportlab needs anyway) draws; page points are scaled to pixels and y is turned
downwards. Text is drawn with the newsletter's own fonts and measured as the PDF measures it.
Clipping takes rectangles (the map box), which is all a map clips to.
"""

from __future__ import annotations

import io
import math
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from .fonts import FONT_DIR, register
from .textobject import TextObject


class RasterPath:
    """A path of straight pieces: subpaths of points, each open or closed."""

    def __init__(self):
        self.parts: list[tuple[list[tuple[float, float]], bool]] = []

    def moveTo(self, x, y):
        self.parts.append(([(x, y)], False))

    def lineTo(self, x, y):
        self.parts[-1][0].append((x, y))

    def close(self):
        points, _ = self.parts[-1]
        self.parts[-1] = (points, True)

    def rect(self, x, y, width, height):
        self.parts.append(([(x, y), (x + width, y), (x + width, y + height), (x, y + height)], True))

    def circle(self, x, y, r):
        self.parts.append(([(x + r * math.cos(a), y + r * math.sin(a)) for a in _TURN], True))

    def roundRect(self, x, y, width, height, radius):
        """The rectangle with its corners rounded, each quarter circle in four straight pieces."""
        points = []
        for cx, cy, start in ((x + width - radius, y + radius, -0.5), (x + width - radius, y + height - radius, 0),
                              (x + radius, y + height - radius, 0.5), (x + radius, y + radius, 1)):
            points += [(cx + radius * math.cos(math.pi * (start + k / 8)),
                        cy + radius * math.sin(math.pi * (start + k / 8)))
                       for k in range(5)]
        self.parts.append((points, True))


_TURN = [2 * math.pi * k / 32 for k in range(32)]   # a circle as 32 straight pieces


@lru_cache(maxsize=64)
def _font(name: str, pixels: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONT_DIR / f"{name}.ttf"), pixels)


def _rgb(r: float, g: float, b: float) -> tuple[int, int, int]:
    return round(r * 255), round(g * 255), round(b * 255)


class RasterCanvas:
    """The part of reportlab's canvas a map uses, drawing on an RGB image `scale` pixels a point."""

    path_class = RasterPath          # the kind of path a map's background is made of for this canvas

    def __init__(self, pagesize, scale: float):
        register()
        self.scale, self.page_height = scale, pagesize[1]
        self.image = Image.new("RGB", (math.ceil(pagesize[0] * scale), math.ceil(pagesize[1] * scale)), "white")
        self._draw = ImageDraw.Draw(self.image)
        self._state = {"fill": (0, 0, 0), "stroke": (0, 0, 0), "width": 1.0, "dash": [], "alpha": 1.0,
                       "font": None, "clip": None}
        self._saved: list[tuple[dict, Image.Image | None]] = []

    # -- state ---------------------------------------------------------------
    def setFillColorRGB(self, r, g, b):
        self._state["fill"] = _rgb(r, g, b)

    def setStrokeColorRGB(self, r, g, b):
        self._state["stroke"] = _rgb(r, g, b)

    def setFillColor(self, color):
        """A reportlab Color, whose alpha becomes the fill's, as on a PDF canvas."""
        self._state["fill"] = _rgb(color.red, color.green, color.blue)
        self._state["alpha"] = color.alpha

    def setStrokeColor(self, color):
        """A reportlab Color; strokes are drawn opaque."""
        self._state["stroke"] = _rgb(color.red, color.green, color.blue)

    def setLineWidth(self, width):
        self._state["width"] = width

    def setDash(self, array=(), phase=0):
        self._state["dash"] = list(array) if isinstance(array, (list, tuple)) else [array, phase]

    def setFillAlpha(self, alpha):
        self._state["alpha"] = alpha

    def setLineCap(self, cap):
        """Line ends are drawn round or square as Pillow draws them."""

    def setLineJoin(self, join):
        """Joins are drawn rounded."""

    def setFont(self, name, size):
        self._state["font"] = (name, size)

    def stringWidth(self, text, name, size):
        from reportlab.pdfbase.pdfmetrics import stringWidth
        return stringWidth(text, name, size)

    def saveState(self):
        self._saved.append((dict(self._state), None))

    def restoreState(self):
        state, before = self._saved.pop()
        if before is not None:                  # a clip ends: what was drawn outside it goes
            x0, y0, x1, y1 = self._state["clip"]
            before.paste(self.image.crop((x0, y0, x1, y1)), (x0, y0))
            self.image = before
            self._draw = ImageDraw.Draw(self.image)
        self._state = state

    def clipPath(self, path: RasterPath, stroke=0, fill=0):
        points = [self._xy(x, y) for part, _ in path.parts for x, y in part]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        self._state["clip"] = (math.floor(min(xs)), math.floor(min(ys)), math.ceil(max(xs)), math.ceil(max(ys)))
        state, _ = self._saved[-1]
        self._saved[-1] = (state, self.image.copy())

    # -- drawing -------------------------------------------------------------
    def _xy(self, x, y):
        return x * self.scale, (self.page_height - y) * self.scale

    def _pixels(self, width):
        return max(1, round(width * self.scale))

    def beginPath(self) -> RasterPath:
        return self.path_class()

    def drawPath(self, path: RasterPath, stroke=1, fill=0, fillMode=None):
        """Fill each closed piece on its own (so pieces that overlap stay filled, as by the non-zero
        rule), then stroke them."""
        if fill:
            for part, _ in path.parts:
                if len(part) > 2:
                    self._fill_polygon([self._xy(x, y) for x, y in part])
        if stroke:
            for part, closed in path.parts:
                self._stroke(part + part[:1] if closed else part)

    def line(self, x1, y1, x2, y2):
        self._stroke([(x1, y1), (x2, y2)])

    def lines(self, segments):
        for x1, y1, x2, y2 in segments:
            self.line(x1, y1, x2, y2)

    def rect(self, x, y, width, height, stroke=1, fill=0):
        path = RasterPath()
        path.rect(x, y, width, height)
        self.drawPath(path, stroke, fill)

    def roundRect(self, x, y, width, height, radius, stroke=1, fill=0):
        (ax, ay), (bx, by) = self._xy(x, y + height), self._xy(x + width, y)
        self._draw.rounded_rectangle((ax, ay, bx, by), radius=radius * self.scale,
                                     fill=self._state["fill"] if fill else None,
                                     outline=self._state["stroke"] if stroke else None,
                                     width=self._pixels(self._state["width"]) if stroke else 0)

    def circle(self, x, y, r, stroke=1, fill=0):
        (ax, ay), (bx, by) = self._xy(x - r, y + r), self._xy(x + r, y - r)
        self._draw.ellipse((ax, ay, bx, by), fill=self._state["fill"] if fill else None,
                           outline=self._state["stroke"] if stroke else None,
                           width=self._pixels(self._state["width"]) if stroke else 0)

    def drawString(self, x, y, text):
        self._text(x, y, text, "ls")

    def beginText(self) -> TextObject:
        return TextObject()

    def drawText(self, text: TextObject):
        for font, x, y, string in text.strings:
            self.setFont(*font)
            self.drawString(x, y, string)

    def drawCentredString(self, x, y, text):
        self._text(x, y, text, "ms")

    def drawRightString(self, x, y, text):
        self._text(x, y, text, "rs")

    def _text(self, x, y, text, anchor):
        name, size = self._state["font"]
        self._draw.text(self._xy(x, y), text, fill=self._state["fill"],
                        font=_font(name, max(1, round(size * self.scale))), anchor=anchor)

    def _fill_polygon(self, points):
        alpha = self._state["alpha"]
        if alpha >= 1:
            self._draw.polygon(points, fill=self._state["fill"])
            return
        x0, y0 = math.floor(min(x for x, _ in points)), math.floor(min(y for _, y in points))
        x1, y1 = math.ceil(max(x for x, _ in points)) + 1, math.ceil(max(y for _, y in points)) + 1
        layer = Image.new("L", (x1 - x0, y1 - y0), 0)
        ImageDraw.Draw(layer).polygon([(x - x0, y - y0) for x, y in points], fill=round(alpha * 255))
        self.image.paste(Image.new("RGB", layer.size, self._state["fill"]), (x0, y0), layer)

    def _stroke(self, points):
        width, colour = self._pixels(self._state["width"]), self._state["stroke"]
        for piece in _dashed(points, self._state["dash"]):
            self._draw.line([self._xy(x, y) for x, y in piece], fill=colour, width=width, joint="curve")

    def png(self) -> bytes:
        """The image as a PNG of few colours, small enough to go inline in a mail."""
        out = io.BytesIO()
        self.image.quantize(colors=64, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(
            out, format="PNG")
        return out.getvalue()


def _dashed(points, dash):
    """The pieces of a polyline a dash pattern (on, off, ... in points) leaves drawn."""
    if not dash or min(dash) <= 0:
        return [points]
    pieces, current = [], [points[0]]
    k, left, on = 0, dash[0], True
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        length = math.hypot(x1 - x0, y1 - y0)
        done = 0.0
        while length - done > left:
            done += left
            t = done / length
            at = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
            if on:
                pieces.append(current + [at])
            current = [at]
            k = (k + 1) % len(dash)
            left, on = dash[k], not on
        left -= length - done
        current.append((x1, y1))
    if on and len(current) > 1:
        pieces.append(current)
    return pieces
