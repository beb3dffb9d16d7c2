"""The race in a picture: every company's balance round by round, drawn with the shared line
chart (umpire/render/chart.py) in the companies' map styles (the text edition keeps the figures)."""

from __future__ import annotations

from ....kernel.language import N_, _
from ....render.chart import Line, line_chart
from .mapdraw import MapContent

LABEL = N_("Every company's balance, round by round")      # said with _() where it is shown


def balance_chart(balances: dict[str, list[tuple[int, int]]], content: MapContent, width: float):
    """The chart as a drawing `width` points wide (a platypus flowable); None before there are two rounds to show."""
    return line_chart([Line(tuple(content.styles[cid].colour), tuple(content.styles[cid].dash), points)
                       for cid, points in balances.items() if cid in content.styles], width, _("units"))
