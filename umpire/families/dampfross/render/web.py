"""A Dampfross newsletter's parts for its web page: the map as SVG (the terrain a shared picture,
the lines, places and every hex label drawn over it as real text, the new track highlighted as in
the PDF), the balance chart as reportlab draws it, and the accounts and postings as tables."""

from __future__ import annotations

from ....kernel.language import _
from ....render.chart import chart_svg
from ....render.overlay import band, band_sample, line_sample, rgb
from ....render.svg import SvgCanvas
from ...base import WebIssue, WebKey, WebMap, WebTable, chart_numbers
from ..gamemap import GameMap
from . import mapdraw
from .chart import LABEL, balance_chart
from .edition import map_content
from .png import draw_whole_map, whole_map_sheet
from .race_routes import race_routes
from .report import newsletter_facts
from .sheets import Frame, Sheet

CHART_WIDTH = 520          # points: the chart scales to the page's width
HIGHLIGHT_WIDTH = 9.0      # SVG units: the band along a company's own track on its page


def web_issue(folder, number: int, state) -> WebIssue:
    facts = newsletter_facts(folder, number, state)
    content = map_content(folder, state)
    label = _("The map of {map} after newsletter {number}").format(map=facts["map"], number=f"{number:03d}")
    chart = balance_chart(facts["balances"], content, CHART_WIDTH)
    key, numbers = chart_key(facts["balances"], content) if chart else (None, None)
    return WebIssue(map=map_svg(folder.game_map, content, label, facts.get("transports", [])),
                    chart=chart_svg(chart, _(LABEL)) if chart else None, chart_label=_(LABEL), chart_key=key,
                    chart_table=numbers, tables=tables(facts),
                    replaces=(_("ACCOUNTS"), _("POSTINGS OF THIS ISSUE")))


def map_svg(game_map: GameMap, content: mapdraw.MapContent, label: str, transports: list[dict] = ()) -> WebMap:
    """The whole map on one picture as the PNG for the mail lays it out, less its title, with the
    routes of this newsletter's races over it."""
    sheet = whole_map_sheet(game_map)
    pagesize = sheet.pagesize
    c = SvgCanvas(pagesize)
    drawn = draw_whole_map(c, game_map, content, sheet, ground_drawn=False)
    routes, key = race_routes(list(transports), lambda text: drawn.frame.centre(game_map.hex_labelled(text)),
                              pagesize[1])
    return WebMap(pagesize[0], pagesize[1], c.body() + routes, label, ground_svg(game_map, pagesize, sheet),
                  focus=new_track_centre(drawn.frame, content, pagesize[1]), keys=[key] if key else [])


def company_track(game_map: GameMap, content: mapdraw.MapContent, seat: str) -> tuple[str, WebKey | None]:
    """The company's track banded as the web map draws it (SVG units, y down), for its own page,
    and its legend."""
    edges = sorted(game_map.step(a, b) for (a, b), owners in content.owners.items() if seat in owners)
    if not edges:
        return "", None
    sheet = whole_map_sheet(game_map)
    frame = Frame(game_map.grid, sheet.window, sheet.pagesize)     # where the map's drawing puts each hex
    height = sheet.pagesize[1]
    segments = [(x0, height - y0, x1, height - y1)
                for x0, y0, x1, y1, _ in mapdraw.track_segments(content, frame, sheet.window).get(seat, [])]
    name = f"{content.names.get(seat, seat)} ({seat})"
    key = WebKey(_("{name}: track highlighted").format(name=name),
                 [_("company"), _("segments"), _("segments, hex to hex")],
                 [(band_sample(), [name, len(edges), ", ".join(edges)])])
    return band(segments, HIGHLIGHT_WIDTH, {"company": seat, "segments": " ".join(edges)}), key


def chart_key(balances: dict[str, list[tuple[int, int]]], content: mapdraw.MapContent) -> tuple[WebKey, WebTable]:
    """The balance chart's legend (each company's line as drawn, its latest balance) and its
    numbers, a row per round."""
    shown = [cid for cid in balances if cid in content.styles]
    rows = [(line_sample(rgb(content.styles[cid].colour), " ".join(str(d) for d in content.styles[cid].dash)),
             [f"{content.names[cid]} ({cid})", balances[cid][-1][1] if balances[cid] else ""]) for cid in shown]
    return chart_numbers(_(LABEL), _("company"), _("balance"), rows, {cid: balances[cid] for cid in shown})


def new_track_centre(frame, content: mapdraw.MapContent, height: float) -> tuple[float, float] | None:
    """The middle of the track built since the last newsletter, in the SVG's units (y down)."""
    ends = sorted({h for (edge, _) in content.new for h in edge}, key=repr)
    if not ends:
        return None
    points = [frame.centre(h) for h in ends]
    return (round(sum(x for x, _ in points) / len(points), 1),
            round(height - sum(y for _, y in points) / len(points), 1))


_GROUNDS: dict[tuple, str] = {}


def ground_svg(game_map: GameMap, pagesize, sheet: Sheet) -> str:
    """The terrain, rivers and walls as a standalone SVG, made once per process and map."""
    key = (game_map.fingerprint, tuple(pagesize))
    if key not in _GROUNDS:
        if len(_GROUNDS) > 8:
            _GROUNDS.clear()
        ground = SvgCanvas(pagesize)
        mapdraw.background(game_map, pagesize, sheet, ground).drawing.play(ground)
        _GROUNDS[key] = ground.svg()
    return _GROUNDS[key]


def tables(facts: dict) -> list[WebTable]:
    out = [WebTable(_("Accounts"), [_("company"), _("id"), _("balance"), _("change"), _("segments"), _("home")],
                    [[c["name"], c["id"], c["balance"], f"{c['change']:+d}", c["segments"], c["home"]]
                     for c in facts["companies"]])]
    if facts["postings"]:
        names = facts["names"]
        out.append(WebTable(_("Postings of this issue"), [_("round"), _("from"), _("to"), _("units"), _("reason")],
                            [[p["round"], names.get(p["from"], p["from"]), names.get(p["to"], p["to"]), p["amount"],
                              p["reason"]] for p in facts["postings"]]))
    return out
