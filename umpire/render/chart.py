"""A line chart of figures round by round, as reportlab's LinePlot draws it (a platypus flowable
for a PDF, an SVG document for a web page): each line in its owner's colour and dash; the families
say what the lines are (a company's balance, a player's income)."""

from __future__ import annotations

from typing import NamedTuple

from reportlab.graphics.charts.lineplots import LinePlot  # imported with the PDF renderer, before its workers fork
from reportlab.graphics.shapes import Drawing, String
from reportlab.lib.colors import Color

from ..kernel.language import _
from .fonts import SANS, register

HEIGHT = 120


class Line(NamedTuple):
    colour: tuple[float, float, float]
    dash: tuple[float, ...]                  # on and off lengths, scaled with the line's width; () solid
    points: list[tuple[int, int]]            # (round, figure)


def line_chart(lines: list[Line], width: float, unit: str) -> Drawing | None:
    """The chart, `width` points wide, its figures in `unit`; None before a line has two rounds to show."""
    lines = [line for line in lines if len(line.points) > 1]
    if not lines:
        return None
    drawing = Drawing(width, HEIGHT, initialFontName=SANS)   # else reportlab starts it in an unembedded Helvetica
    plot = LinePlot()
    plot.x, plot.y, plot.width, plot.height = 34, 18, width - 44, HEIGHT - 30
    plot.data = [line.points for line in lines]
    for i, line in enumerate(lines):
        plot.lines[i].strokeColor = Color(*line.colour)
        plot.lines[i].strokeWidth = 1.6
        plot.lines[i].strokeDashArray = [d * 1.6 for d in line.dash] or None
    rounds = sorted({r for line in lines for r, _ in line.points})
    plot.xValueAxis.valueMin, plot.xValueAxis.valueMax = rounds[0], rounds[-1]
    plot.xValueAxis.valueStep = max(1, (rounds[-1] - rounds[0] + 9) // 10)
    plot.xValueAxis.labelTextFormat = "%d"
    plot.yValueAxis.valueMin = min(0, min(b for line in lines for _, b in line.points))
    plot.yValueAxis.labelTextFormat = "%d"
    for axis in (plot.xValueAxis, plot.yValueAxis):
        axis.labels.fontName, axis.labels.fontSize = SANS, 7
    plot.yValueAxis.visibleGrid = True
    plot.yValueAxis.gridStrokeColor = Color(0.85, 0.85, 0.85)
    drawing.add(plot)
    drawing.add(String(plot.x - 8, plot.y - 12, _("round"), fontName=SANS, fontSize=7, textAnchor="end"))
    drawing.add(String(2, HEIGHT - 8, unit, fontName=SANS, fontSize=7))
    return drawing


def chart_svg(drawing: Drawing, label: str) -> str:
    """The chart drawing as an SVG document, as reportlab's renderSVG writes it: its prologue left
    out, its empty title and description replaced by `label`, what it shows (its accessible name)."""
    from reportlab.graphics import renderSVG
    register()                       # the chart's labels are measured in the newsletter's fonts
    text = renderSVG.drawToString(drawing)
    text = text[text.index("<svg"):].replace("<title>...</title>", f"<title>{label}</title>", 1)
    text = text.replace("\t<desc>...</desc>\n", "", 1)
    return text.replace("<svg ", f'<svg role="img" aria-label="{label}" ', 1)
