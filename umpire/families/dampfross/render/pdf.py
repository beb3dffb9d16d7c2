"""The newsletter PDF: front page with accounts and the next round, the map, the round report,
every posting, and an order form per company. Reportlab in invariant mode: same facts, same bytes.
"""

from __future__ import annotations

import math
from functools import partial

from ....kernel.language import _, ngettext, pgettext
from ....render.counts import counted as plural
from ....render.fitting import fitted
from ....render.flow import FOOTER, Column, Flow
from ....render.fonts import BOLD, MONO, SANS, drawable
from ....render.from_the_gm import from_the_gm
from ....render.paper import paper_size
from ..gamemap import GameMap
from . import chart, mapdraw, pdf_operations
from .mapdraw import MapContent
from .sheets import LABEL_BAND, PAGE_MARGIN, TITLE_HEIGHT, plan_sheets


def map_pdf(game_map: GameMap, content: MapContent | None = None, canvas_class=None,
            paper: str | None = None) -> bytes:
    """The map alone (for map makers): every map sheet with its legend, on one paper size."""
    content = content or MapContent({}, {}, {})
    flow = Flow(_("{title} ({name}): {width} x {height} hexes, layout {layout}").format(
        title=game_map.title, name=game_map.name, width=game_map.grid.width, height=game_map.grid.height,
        layout=game_map.grid.layout), paper_size(paper))
    map_pages(flow, game_map, content, game_map.title)
    return flow.build(game_map.title, canvas_class)


def map_pages(flow: Flow, game_map: GameMap, content: MapContent, title: str):
    """The map on one page, or an overview and its detail sheets, each with the legend."""
    sheets = plan_sheets(game_map.grid, flow.pagesize)
    for sheet in sheets:
        if sheet.overview:
            heading = _("{title}: overview of sheets 1-{sheets}").format(title=title, sheets=sheet.of)
        elif sheet.of > 1 and game_map.labels:     # printed labels: no grid columns and rows to name
            heading = _("{title}: sheet {number} of {sheets}").format(title=title, number=sheet.number,
                                                                      sheets=sheet.of)
        elif sheet.of > 1:
            heading = _("{title}: sheet {number} of {sheets}, {window}").format(
                title=title, number=sheet.number, sheets=sheet.of, window=sheet.window.describe())
        else:
            heading = title
        flow.page(partial(_map_sheet, game_map=game_map, content=content, sheet=sheet, sheets=sheets,
                          heading=heading), turned=sheet.turned)


def _map_sheet(c, pagesize, game_map: GameMap, content: MapContent, sheet, sheets, heading: str):
    pagesize = sheet.pagesize
    c.setFont(BOLD, fitted(heading, BOLD, 12, pagesize[0] - 2 * PAGE_MARGIN, smallest=7.0))
    c.setFillColorRGB(0, 0, 0)
    c.drawString(PAGE_MARGIN, pagesize[1] - PAGE_MARGIN - TITLE_HEIGHT + 6, heading)
    drawn = mapdraw.draw_map(c, game_map, content, pagesize, sheet, sheets)
    mapdraw.draw_legend(c, game_map, content, PAGE_MARGIN, drawn.frame.box[1] - LABEL_BAND - 12,
                        pagesize[0] - 2 * PAGE_MARGIN, bottom=FOOTER + 9)


def newsletter_pdf(facts: dict, game_map: GameMap, content: MapContent, canvas_class=None,
                   paper: str | None = None) -> bytes:
    """The newsletter on one paper size (A4 unless `paper` says a3 or letter)."""
    facts = drawable(facts)
    content = MapContent(content.owners, content.styles, drawable(content.names), content.new)
    number = f"{facts['number']:03d}"
    title = _("{game}: newsletter {number}").format(game=facts["game"], number=number)
    flow = Flow(_("{game}  newsletter {number}  {map}, {rules}").format(game=facts["game"], number=number,
                                                                          map=facts["map"], rules=facts["rules"]),
                paper_size(paper))
    _front(flow, facts, content)
    map_pages(flow, game_map, content, _("{map}: the lines after newsletter {number}").format(map=facts["map"],
                                                                                            number=number))
    _lines(flow, facts, content)
    _report(flow, facts)
    _operations(flow, facts)
    _postings(flow, facts)
    flow.press(facts["press"])
    _rules_brief(flow, facts)
    _order_forms(flow, facts)
    return flow.build(title, canvas_class)


# -- sections --------------------------------------------------------------------
def _front(flow: Flow, f: dict, content: MapContent):
    flow.banner(_("{game}  ·  Newsletter {number}").format(game=f["game"], number=f"{f['number']:03d}"),
                _("{map}, played by the rules of {rules}").format(map=f["map"], rules=f["rules"]), (0.12, 0.18, 0.3))
    flow.para(_headline(f), size=11, font=BOLD)
    for line in f["zine"]:
        flow.para(line, size=9)
    for line in f["house_rules"]:
        flow.para(line + ".")
    from_the_gm(flow, f["from_the_gm"])
    if f["number"] == 1:
        flow.heading(_("A new game"))
        flow.para(_("The companies, in seat order: {companies}.").format(
            companies=", ".join(f"{x['name']} ({x['id']})" for x in f["companies"])))
        if f["dice"]["mode"] == "seeded":
            flow.para(_("Dice are drawn from a secret seed; its SHA-256 commitment is printed here, and the seed is "
                        "revealed when the game ends, so anyone can check every roll:"))
            flow.para(f["dice"]["commitment"], font=MONO, size=8.5, indent=12)
        else:
            flow.para(_("Dice are the recorded dice of the original game, used in order."))
        flow.para(_("Home terminals to choose from: {towns}.").format(towns=", ".join(f["home_terminals"])))
    flow.heading(_("Accounts"))
    rows = [["", x["name"], x["id"], x["home"], x["segments"], _signed(x["change"]), x["balance"]]
            for x in f["companies"]]
    ids = [x["id"] for x in f["companies"]]
    flow.table([Column("", 24), Column(_("Company"), 130), Column(_("id"), 55), Column(_("Home terminal"), 130),
                Column(_("Segments"), 55, "right"), Column(_("This issue"), 60, "right"),
                Column(pgettext("accounts table", "Balance"), 55, "right")],
               rows, size=9, swatch=lambda c, i, x, y: _swatch(c, content, ids[i], x + 2, y))
    flow.para(_("Every unit is a posting; the postings of this issue are listed after the round report."),
              size=8, colour=(0.35, 0.35, 0.35))
    for line in f["zine_errors"]:
        flow.para(_("The zine's error: {line}").format(line=line), size=8.5)
    drawing = chart.balance_chart(f["balances"], content, flow.width)
    if drawing:
        flow.gap(4)
        flow.add(drawing)
        flow.para(_("Balances after each round, each company's line as on the map."), size=8,
                      colour=(0.35, 0.35, 0.35))
    _next(flow, f)


def _headline(f: dict) -> str:
    done = f["done"]
    if f["phase"] == "finished":
        winners = f["finished"]["winner_names"] if f["finished"] else []
        if not winners:
            return done + _("The game is over.")
        return done + ngettext("The game is over: {names} wins.", "The game is over: {names} share the win.",
                               len(winners)).format(names=_(" and ").join(winners))
    if f["phase"] == "construction":
        return done + _("Orders are now due for construction round {round}.").format(round=f["round"])
    return done + _("Orders are now due for operating round {round}.").format(round=f["round"])


def _next(flow: Flow, f: dict):
    if f["finished"]:
        pdf_operations.game_over(flow, f)
    if f["phase"] == "finished":
        return
    n = f["names"]
    flow.heading((_("Next: construction round {round}") if f["phase"] == "construction"
                  else _("Next: operating round {round}")).format(round=f["round"]))
    if f["deadline"]:
        flow.para((_("Orders for round {round} are due by {deadline}; an order in the grace until {grace_end} is "
                     "still taken, and named as late.") if f["grace_end"] else
                   _("Orders for round {round} are due by {deadline}.")).format(
                       round=f["round"], deadline=f["deadline"], grace_end=f["grace_end"]), font=BOLD)
    flow.para(_("Orders awaited from: {names}.").format(names=", ".join(n[c] for c in f["awaited"])))
    if f["phase"] == "construction":
        flow.para(_("Order of building: {names}.").format(names=", ".join(n[c] for c in f["round_order"])))
        for r in f["rolls"]:
            flow.para(_("Die for {purpose}: {value}").format(purpose=r["said"], value=r["value"]), indent=12)
        flow.para(_("Budgets in points: {budgets}.").format(
            budgets=", ".join(f"{n[c]} {f['budgets'][c]}" for c in f["round_order"])), font=BOLD)
        flow.para(_("Cities not yet connected ({count}): {cities}.").format(count=len(f["unconnected"]),
                                                                           cities=", ".join(f["unconnected"])))
    else:
        flow.para(_("The transports of this round; enter each with a RACE line:"), font=BOLD)
        pdf_operations.announced(flow, f)
    flow.para(_("An order form for each company is on the last page."), size=8, colour=(0.35, 0.35, 0.35))


def _lines(flow: Flow, f: dict, content: MapContent):
    """Beside the map: each company's track built since the last newsletter, and the cities on its lines."""
    if not any(x["built"] or x["reached"] for x in f["companies"]):
        return
    flow.heading(_("The lines"))
    ids = [x["id"] for x in f["companies"]]
    flow.table([Column("", 24), Column(_("Company"), 120), Column(_("Built since the last newsletter"), 180),
                Column(_("Cities on its lines"), 200)],
               [["", x["name"], _chains(x["built"]) or "-",
                 f"{len(x['reached'])}: " + ", ".join(x["reached"]) if x["reached"] else "-"] for x in f["companies"]],
               size=8.5, swatch=lambda c, i, x, y: _swatch(c, content, ids[i], x + 2, y))


def _chains(segments: list[dict]) -> str:
    """Segments in build order joined into chains: `AD21-AC21-AB20, Dublin-AF22`."""
    chains: list[list[str]] = []
    for s in segments:
        if chains and chains[-1][-1] == s["a"]:
            chains[-1].append(s["b"])
        elif chains and chains[-1][-1] == s["b"]:
            chains[-1].append(s["a"])
        else:
            chains.append([s["a"], s["b"]])
    return ", ".join("-".join(c) for c in chains)


_REPORTED = ("resolved_round", "homes", "cities", "refused", "unreadable", "not_carried_out", "unused", "no_orders",
             "late", "expectations", "ended")


def _report(flow: Flow, f: dict):
    """The round report: a section per kind of news, in a fixed order, each drawn when there is some."""
    if not any(f[key] for key in _REPORTED):
        return
    flow.heading(_("Round {round} report").format(round=f["resolved_round"]) if f["resolved_round"] else _("Report"))
    for section in _REPORT_SECTIONS:
        section(flow, f, f["names"])


def _built(flow: Flow, f: dict, n: dict):
    if not (f["resolved_round"] and (f["phase"] == "construction" or f["ended"])):
        return
    for x in f["companies"]:
        if not x["built"]:
            flow.para(_("{name}: nothing built.").format(name=x["name"]), font=BOLD)
            continue
        flow.para(f"{x['name']}: {plural(len(x['built']), 'segment')}, {plural(x['points'], 'point')}.", font=BOLD)
        flow.para("  ".join(f"{s['a']}-{s['b']} ({s['cost']})" for s in x["built"]), indent=12, size=8.5)


def _homes(flow: Flow, f: dict, n: dict):
    if f["homes"]:
        flow.para(_("Home terminals chosen: {choices}.").format(choices="; ".join(
            _("{company} at {hex}").format(company=n[h["company"]], hex=h["hex"]) for h in f["homes"])))


def _cities(flow: Flow, f: dict, n: dict):
    if not f["cities"] or f["additional"]:
        return
    flow.gap(3)
    flow.para(_("Cities connected:"), font=BOLD)
    for e in f["cities"]:
        said = (_("{city} ({hex}) by {company}, bonus {bonus}") if e["bonus"] else
                _("{city} ({hex}) by {company}, no bonus (home terminal or abroad)"))
        flow.para(said.format(city=e["city"], hex=e["hex"], company=n[e["company"]], bonus=e["bonus"]), indent=12)


def _not_carried_out(flow: Flow, f: dict, n: dict):
    if not (f["refused"] or f["unreadable"] or f["not_carried_out"]):
        return
    flow.gap(3)
    flow.para(_("Orders not carried out:"), font=BOLD)
    for u in f["unreadable"]:
        flow.para(ngettext("{company}: {n} line could not be read (the company was told which and why).",
                           "{company}: {n} lines could not be read (the company was told which and why).",
                           u["lines"]).format(company=n[u["company"]], n=u["lines"]), indent=12)
    for e in f["refused"]:
        keyword = f" ({e['keyword']})" if e["keyword"] else ""
        flow.para(_("{company}, line {line}").format(company=n[e["company"]], line=e["line"]) + f"{keyword}:",
                  indent=12, size=8.5)
        flow.para(e["reason"], indent=24, size=8.5)
    for e in f["not_carried_out"]:
        flow.para(f"{n[e['company']]}: {e['reason']}.", indent=12)


def _unused(flow: Flow, f: dict, n: dict):
    if f["unused"]:
        flow.para(_("Points not used: {points}.").format(
            points=", ".join(f"{n[e['company']]} {e['points']}" for e in f["unused"])))


def _no_orders(flow: Flow, f: dict, n: dict):
    if f["no_orders"]:
        flow.para(_("No orders received from: {names}.").format(names=", ".join(n[c] for c in f["no_orders"])))


def _late(flow: Flow, f: dict, n: dict):
    if f["late"]:
        flow.para(_("Ordered after the deadline, in the grace: {names}.").format(
            names=", ".join(n[c] for c in f["late"])))


def _expectations(flow: Flow, f: dict, n: dict):
    if not f["expectations"]:
        return
    flow.gap(3)
    flow.para(_("Where the umpire's figures differ from what was written:"), font=BOLD)
    for e in f["expectations"]:
        flow.para(_("{company}, line {line}, {stretch}: wrote {written}, {what} {actual}").format(
            company=n[e["company"]], line=e["line"], stretch=e["stretch"], written=e["written"], what=e["what"],
            actual=e["actual"]), indent=12)


def _ended(flow: Flow, f: dict, n: dict):
    if f["ended"]:
        flow.gap(3)
        flow.para(_("The construction phase has ended in round {round}: {reason}.").format(
            round=f["ended"]["round"], reason=f["ended"]["reason"]), font=BOLD)


_REPORT_SECTIONS = (_built, _homes, _cities, _not_carried_out, _unused, _no_orders, _late, _expectations, _ended)


def _operations(flow: Flow, f: dict):
    """Races, additional construction, the station table and the tally (empty before the operating phase)."""
    for t in f["transports"]:
        pdf_operations.race(flow, t, f["names"])
    if f["additional"]:
        pdf_operations.additional(flow, f["additional"], f["names"])
    if not f["operating"]:
        return
    pdf_operations.stations(flow, f["stations"])
    pdf_operations.tally(flow, f)


def _postings(flow: Flow, f: dict):
    flow.heading(_("Postings of this issue") if f["number"] > 1 else _("Postings"))
    n = f["names"]
    if not f["postings"]:
        flow.para(_("No money moved."))
        return
    flow.table([Column(_("Round"), 40, "right"), Column(_("From"), 110), Column(_("To"), 110),
                Column(_("Units"), 45, "right"), Column(_("Reason"), 200)],
               [[p["round"], n.get(p["from"], p["from"]), n.get(p["to"], p["to"]), p["amount"], p["reason"]]
                for p in f["postings"]])


def _order_forms(flow: Flow, f: dict):
    if not f["templates"]:
        return
    flow.new_page()
    flow.heading(_("Order forms for round {round}").format(round=f["round"]))
    flow.para(_("One order per company, by mail or letter. Lines may use hex labels or city names; "
                "# starts a comment."), size=8.5)
    for x in f["companies"]:
        lines = f["templates"][x["id"]]
        flow.gap(8)
        flow.drawing(14 + 11 * len(lines) + 24, partial(_order_form, company=x, lines=lines))


def _order_form(c, width: float, height: float, company: dict, lines: list[str]):
    """A company's order form: its template lines, and two ruled lines to write more on."""
    c.setStrokeColorRGB(0.4, 0.4, 0.4)
    c.setLineWidth(0.7)
    c.rect(0, 0, width, height, stroke=1, fill=0)
    c.setFont(BOLD, 9.5)
    c.setFillColorRGB(0, 0, 0)
    c.drawString(6, height - 13, f"{company['name']} ({company['id']})")
    c.setFont(MONO, 9)
    for k, line in enumerate(lines):
        c.drawString(12, height - 27 - 11 * k, line)
    c.setStrokeColorRGB(0.75, 0.75, 0.75)
    c.setLineWidth(0.4)
    base = height - 27 - 11 * len(lines)
    c.line(12, base - 2, width - 12, base - 2)
    c.line(12, base - 14, width - 12, base - 14)


def _rules_brief(flow: Flow, f: dict):
    """The rules page: what building costs under this edition, and how hexes neighbour on this map."""
    brief = f["brief"]
    if f["phase"] == "finished":
        return
    flow.gap(10)
    flow.heading(_("What building costs"))
    flow.table([Column(_("Building and running"), 230),
                Column(_("Under the rules of {rules}").format(rules=f["rules"]), 260)],
               [list(row) for row in brief["costs"]], size=8.5)
    if not brief["neighbours"]:
        return
    flow.gap(6)
    flow.heading(_("How hexes neighbour on this map"))
    flow.para(_("A chain goes from each hex to one of its six neighbours. On this map {shoved}. Two hexes with their "
                "neighbours, each label where it lies on the map:").format(shoved=brief["shoved"]), size=8.5)
    flat = brief["layout"].endswith("q")
    radius = 15.0
    height = (3 * math.sqrt(3) if flat else 4.0) * radius + 8
    flow.drawing(height, partial(_flowers, examples=brief["neighbours"], flat=flat, radius=radius))


_FLAT = {"above": (0, 2), "upper right": (1.5, 1), "lower right": (1.5, -1), "below": (0, -2),
         "lower left": (-1.5, -1), "upper left": (-1.5, 1)}          # x in radii, y in half hex heights
_POINTY = {"right": (2, 0), "upper right": (1, 1.5), "upper left": (-1, 1.5), "left": (-2, 0),
           "lower left": (-1, -1.5), "lower right": (1, -1.5)}       # x in half hex widths, y in radii


def _flowers(c, width: float, height: float, examples: list[dict], flat: bool, radius: float):
    """Each example hex (shaded) amid its six neighbours, every hex with its label."""
    half_height, half_width = radius * math.sqrt(3) / 2, radius * math.sqrt(3) / 2
    for k, example in enumerate(examples):
        cx, cy = 12 + radius * (3 if flat else 3.5) + k * radius * 7.5, height / 2
        cells = [(example["hex"], 0.0, 0.0, True)]
        for place, hex_label in example["around"].items():
            dx, dy = (_FLAT if flat else _POINTY)[place]
            cells.append((hex_label, dx * radius if flat else dx * half_width,
                          dy * half_height if flat else dy * radius, False))
        for text, dx, dy, centre in cells:
            _hexagon(c, cx + dx, cy + dy, radius, flat, shaded=centre)
            c.setFillColorRGB(0, 0, 0)
            c.setFont(BOLD if centre else SANS, 7.5)
            c.drawCentredString(cx + dx, cy + dy - 2.6, text)


def _hexagon(c, x: float, y: float, radius: float, flat: bool, shaded: bool):
    start = 0 if flat else 30
    corners = [(x + radius * math.cos(math.radians(start + 60 * i)),
                y + radius * math.sin(math.radians(start + 60 * i))) for i in range(6)]
    path = c.beginPath()
    path.moveTo(*corners[0])
    for corner in corners[1:]:
        path.lineTo(*corner)
    path.close()
    c.setStrokeColorRGB(0.45, 0.45, 0.45)
    c.setLineWidth(0.6)
    c.setFillColorRGB(0.85, 0.89, 0.95) if shaded else c.setFillColorRGB(1, 1, 1)
    c.drawPath(path, stroke=1, fill=1)


def _swatch(c, content: MapContent, cid: str, x: float, y: float):
    if cid in content.styles:
        mapdraw.swatch(c, content.styles[cid], x, y, width=2.4)


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)

