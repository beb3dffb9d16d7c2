"""What the web page draws over a map or beside a chart as plain SVG elements with data attributes
(a route run, a section built, a company's track highlighted) and the legend's samples that match
them: each kind told apart by its dash and its numbered label as well as by its colour.

Coordinates are SVG user units (y down), written as short as `svg.num` writes them."""

from __future__ import annotations

from html import escape

from .svg import num

INKS = ("#1a1a1a", "#6a1b9a", "#0d47a1", "#b71c1c", "#1b5e20", "#8d4a00")   # dark: white labels read on them
DASHES = ("", "7 3", "2 2.5", "9 3 2 3", "4 4", "1 2.5")                 # in units of the line's width
HIGHLIGHT = "#ffd400"                       # a company's own track on its page, under a multiply blend


def style(k: int) -> tuple[str, str]:
    """The ink and dash of the k-th drawn thing (0, 1, ...): six of each, in step, then again."""
    return INKS[k % len(INKS)], DASHES[k % len(DASHES)]


def attributes(data: dict[str, str]) -> str:
    return "".join(f' data-{k}="{escape(str(v))}"' for k, v in data.items())


def polyline(points: list[tuple[float, float]], ink: str, dash: str, width: float, data: dict[str, str],
             arrow: bool = False) -> str:
    """A line through `points` in `ink` and `dash` over a white casing (so that it reads over any
    track), an arrowhead at its end where `arrow`."""
    d = " ".join(f"{num(x)},{num(y)}" for x, y in points)
    dashes = f' stroke-dasharray="{" ".join(num(float(v) * width) for v in dash.split())}"' if dash else ""
    out = (f'<g{attributes(data)}><polyline points="{d}" fill="none" stroke="#fff" stroke-width="{num(width + 2)}"'
           f' stroke-linejoin="round" stroke-linecap="round"/>'
           f'<polyline points="{d}" fill="none" stroke="{ink}" stroke-width="{num(width)}"{dashes}'
           ' stroke-linejoin="round"/>')
    if arrow and len(points) > 1:
        out += _arrowhead(points[-2], points[-1], ink, width)
    return out + "</g>"


def _arrowhead(a: tuple[float, float], b: tuple[float, float], ink: str, width: float) -> str:
    (ax, ay), (bx, by) = a, b
    length = ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5 or 1.0
    ux, uy = (bx - ax) / length, (by - ay) / length
    size = 3 * width + 2
    tip = (bx - ux * 4, by - uy * 4)
    left = (tip[0] - ux * size - uy * size / 2, tip[1] - uy * size + ux * size / 2)
    right = (tip[0] - ux * size + uy * size / 2, tip[1] - uy * size - ux * size / 2)
    return (f'<path d="M{num(tip[0])},{num(tip[1])}L{num(left[0])},{num(left[1])}L{num(right[0])},{num(right[1])}Z"'
            f' fill="{ink}" stroke="#fff" stroke-width="0.6"/>')


def tag(x: float, y: float, text: str, ink: str, size: float = 6.0) -> str:
    """A numbered label: `text` in white on a disc of `ink`, centred on (x, y)."""
    r = size * (0.75 if len(text) < 2 else 0.95)
    return (f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(r)}" fill="{ink}" stroke="#fff" stroke-width="0.8"/>'
            f'<text x="{num(x)}" y="{num(y + size * 0.36)}" font-family="DejaVuSans-Bold" font-size="{num(size)}"'
            f' fill="#fff" text-anchor="middle">{escape(text)}</text>')


def band(segments: list[tuple[float, float, float, float]], width: float, data: dict[str, str]) -> str:
    """A wide highlighter's band along `segments`, multiplied over what is drawn (the lines under
    it keep their colour and dash), with a thin dashed edge that shows it without colour."""
    d = "".join(f"M{num(x0)},{num(y0)}L{num(x1)},{num(y1)}" for x0, y0, x1, y1 in segments)
    return (f'<g class="highlight"{attributes(data)} style="mix-blend-mode:multiply">'
            f'<path d="{d}" fill="none" stroke="#000" stroke-width="{num(width + 1.6)}" stroke-linecap="round"'
            f' stroke-dasharray="1.5 1.5" stroke-opacity="0.55"/>'
            f'<path d="{d}" fill="none" stroke="{HIGHLIGHT}" stroke-width="{num(width)}" stroke-linecap="round"'
            ' stroke-opacity="0.7"/>'
            "</g>")


def line_sample(ink: str, dash: str, width: float = 2.0, label: str | None = None, arrow: bool = False) -> str:
    """A legend's sample (in its 32 x 12 box) of a line drawn by `polyline`, with its label."""
    out = polyline([(2, 6), (30 if label is None else 20, 6)], ink, dash, width, {}, arrow=arrow)
    return out + (tag(26, 6, label, ink, 5.5) if label is not None else "")


def band_sample(width: float = 7.0) -> str:
    """A legend's sample of `band` over a plain line."""
    return band([(4, 6, 28, 6)], width, {}) + '<path d="M4,6L28,6" stroke="#333" stroke-width="1.5"/>'


def rgb(colour: tuple[float, float, float]) -> str:
    r, g, b = (round(v * 255) for v in colour)
    return f"#{r:02x}{g:02x}{b:02x}"
