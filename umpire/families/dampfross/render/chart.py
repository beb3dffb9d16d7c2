"""The race in a picture: every company's balance round by round, drawn with reportlab's own
line chart in the companies' map styles (the text edition keeps the figures)."""

from __future__ import annotations

from reportlab.graphics.charts.lineplots import LinePlot      # imported with the PDF renderer, before its workers fork
from reportlab.graphics.shapes import Drawing, String
from reportlab.lib.colors import Color

from ....render.fonts import SANS
from .mapdraw import MapContent

HEIGHT = 120


def balance_chart(balances: dict[str, list[tuple[int, int]]], content: MapContent, width: float):
    """The chart as a drawing `width` points wide (a platypus flowable); None before there are two rounds to show."""
    series = [(cid, points) for cid, points in balances.items() if cid in content.styles and len(points) > 1]
    if not series:
        return None
    drawing = Drawing(width, HEIGHT, initialFontName=SANS)   # else reportlab starts it in an unembedded Helvetica
    plot = LinePlot()
    plot.x, plot.y, plot.width, plot.height = 34, 18, width - 44, HEIGHT - 30
    plot.data = [points for _, points in series]
    for i, (cid, _) in enumerate(series):
        style = content.styles[cid]
        plot.lines[i].strokeColor = Color(*style.colour)
        plot.lines[i].strokeWidth = 1.6
        plot.lines[i].strokeDashArray = [d * 1.6 for d in style.dash] or None
    rounds = sorted({r for _, points in series for r, _ in points})
    plot.xValueAxis.valueMin, plot.xValueAxis.valueMax = rounds[0], rounds[-1]
    plot.xValueAxis.valueStep = max(1, (rounds[-1] - rounds[0] + 9) // 10)
    plot.xValueAxis.labelTextFormat = "%d"
    plot.yValueAxis.valueMin = min(0, min(b for _, points in series for _, b in points))
    plot.yValueAxis.labelTextFormat = "%d"
    for axis in (plot.xValueAxis, plot.yValueAxis):
        axis.labels.fontName, axis.labels.fontSize = SANS, 7
    plot.yValueAxis.visibleGrid = True
    plot.yValueAxis.gridStrokeColor = Color(0.85, 0.85, 0.85)
    drawing.add(plot)
    drawing.add(String(plot.x - 8, plot.y - 12, "round", fontName=SANS, fontSize=7, textAnchor="end"))
    drawing.add(String(2, HEIGHT - 8, "units", fontName=SANS, fontSize=7))
    return drawing
