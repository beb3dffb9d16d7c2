"""The newsletter PDF: front page with accounts and the next round, the map, the round report,
every posting, and an order form per company. Reportlab in invariant mode: same facts, same bytes.
"""

from __future__ import annotations

import io

from reportlab.pdfgen.canvas import Canvas

from ..gamemap import GameMap
from . import mapdraw
from .flow import Column, Flow
from .mapdraw import PAGE_MARGIN, TITLE_HEIGHT, MapContent


def _canvas(buffer, title: str, canvas_class):
    c = canvas_class(buffer, invariant=1, pageCompression=1)
    c.setTitle(title)
    c.setAuthor("umpire")
    c.setCreator("umpire")
    return c


def map_pdf(game_map: GameMap, content: MapContent | None = None, canvas_class=Canvas) -> bytes:
    """The map alone (for map makers): every map page with its legend."""
    content = content or MapContent({}, {}, {})
    buffer = io.BytesIO()
    c = _canvas(buffer, game_map.title, canvas_class)
    flow = Flow(c, f"{game_map.title} ({game_map.name}): {game_map.grid.width} x {game_map.grid.height} hexes, "
                   f"layout {game_map.grid.layout}")
    map_pages(flow, game_map, content, game_map.title)
    flow.finish_page()
    c.save()
    return buffer.getvalue()


def map_pages(flow: Flow, game_map: GameMap, content: MapContent, title: str):
    pages = mapdraw.plan_pages(game_map.grid)
    for i, (pagesize, window) in enumerate(pages, 1):
        flow.new_page(pagesize)
        c = flow.c
        heading = title if len(pages) == 1 else f"{title}: part {i} of {len(pages)}, {window.describe()}"
        c.setFont("Helvetica-Bold", 13)
        c.setFillColorRGB(0, 0, 0)
        c.drawString(PAGE_MARGIN, pagesize[1] - PAGE_MARGIN - TITLE_HEIGHT + 6, heading)
        frame = mapdraw.draw_map(c, game_map, content, pagesize, window)
        mapdraw.draw_legend(c, game_map, content, PAGE_MARGIN, frame.box[1] - mapdraw.LABEL_BAND - 14,
                            pagesize[0] - 2 * PAGE_MARGIN)


def newsletter_pdf(facts: dict, game_map: GameMap, content: MapContent, canvas_class=Canvas) -> bytes:
    buffer = io.BytesIO()
    title = f"{facts['game']}: newsletter {facts['number']:03d}"
    c = _canvas(buffer, title, canvas_class)
    flow = Flow(c, f"{facts['game']}  newsletter {facts['number']:03d}  {facts['map']}, {facts['rules']}")
    _front(flow, facts, content)
    map_pages(flow, game_map, content, f"{facts['map']}: the lines after newsletter {facts['number']:03d}")
    flow.new_page()
    _report(flow, facts)
    _operations(flow, facts)
    _postings(flow, facts)
    _order_forms(flow, facts)
    flow.finish_page()
    c.save()
    return buffer.getvalue()


# -- sections --------------------------------------------------------------------
def _front(flow: Flow, f: dict, content: MapContent):
    flow.new_page()
    c = flow.c
    c.setFillColorRGB(0.12, 0.18, 0.3)
    c.rect(flow.left, flow.y - 46, flow.width, 46, stroke=0, fill=1)
    c.setFillColorRGB(1, 1, 1)
    c.setFont("Helvetica-Bold", 20)
    c.drawString(flow.left + 10, flow.y - 26, f"{f['game']}  ·  Newsletter {f['number']:03d}")
    c.setFont("Helvetica", 9.5)
    c.drawString(flow.left + 10, flow.y - 40, f"{f['map']}, played by the rules of {f['rules']}")
    flow.y -= 52
    flow.para(_headline(f), size=11, font="Helvetica-Bold")
    if f["number"] == 1:
        flow.heading("A new game")
        flow.para("The companies, in seat order: " + ", ".join(f"{x['name']} ({x['id']})" for x in f["companies"])
                  + ".")
        if f["dice"]["mode"] == "seeded":
            flow.para("Dice are drawn from a secret seed; its SHA-256 commitment is printed here, and the seed is "
                      "revealed when the game ends, so anyone can check every roll:")
            flow.para(f["dice"]["commitment"], font="Courier", size=8.5, indent=12)
        else:
            flow.para("Dice are the recorded dice of the original game, used in order.")
        flow.para("Home terminals to choose from: " + ", ".join(f["home_terminals"]) + ".")
    flow.heading("Accounts")
    rows = [["", x["name"], x["id"], x["home"], x["segments"], _signed(x["change"]), x["balance"]]
            for x in f["companies"]]
    ids = [x["id"] for x in f["companies"]]
    flow.table([Column("", 24), Column("Company", 130), Column("id", 55), Column("Home terminal", 130),
                Column("Segments", 55, "right"), Column("This issue", 60, "right"), Column("Balance", 55, "right")],
               rows, size=9, swatch=lambda i, x, y: _swatch(flow.c, content, ids[i], x + 2, y))
    flow.para("Every unit is a posting; the postings of this issue are listed after the round report.",
              size=8, colour=(0.35, 0.35, 0.35))
    _next(flow, f)


def _headline(f: dict) -> str:
    if f["phase"] == "finished":
        return "The game is over."
    if f["between_phases"]:
        return "The construction phase is over; the operating phase opens with the next newsletter."
    what = "construction" if f["phase"] == "construction" else "operating"
    done = f"Round {f['resolved_round']} is resolved. " if f["resolved_round"] else ""
    return f"{done}Orders are now due for {what} round {f['round']}."


def _next(flow: Flow, f: dict):
    if f["phase"] == "finished":
        flow.heading("The game is over")
        if f["seed"]:
            flow.para(f"The dice seed was: {f['seed']}", font="Courier", size=9)
        return
    if f["between_phases"]:
        return
    n = f["names"]
    flow.heading(f"Next: {'construction' if f['phase'] == 'construction' else 'operating'} round {f['round']}")
    if f["deadline"]:
        flow.para(f"Orders for round {f['round']} are due by {f['deadline']}.", font="Helvetica-Bold")
    flow.para("Orders awaited from: " + ", ".join(n[c] for c in f["awaited"]) + ".")
    if f["phase"] == "construction":
        flow.para("Order of building: " + ", ".join(n[c] for c in f["round_order"]) + ".")
        for r in f["rolls"]:
            flow.para(f"Die for {r['purpose']}: {r['value']}", indent=12)
        flow.para("Budgets: " + ", ".join(f"{n[c]} {f['budgets'][c]}" for c in f["round_order"]) + " points.",
                  font="Helvetica-Bold")
        flow.para(f"Cities not yet connected ({len(f['unconnected'])}): " + ", ".join(f["unconnected"]) + ".")
    else:
        for r in f["announced"]:
            kind = "special transport" if r["special"] else "transport"
            flow.para(f"{kind.capitalize()} {r['transport']}: from {r['start']} to {r['destination']}.",
                      font="Helvetica-Bold")
    flow.para("An order form for each company is on the last page.", size=8, colour=(0.35, 0.35, 0.35))


def _report(flow: Flow, f: dict):
    n = f["names"]
    title = f"Round {f['resolved_round']} report" if f["resolved_round"] else "Report"
    flow.heading(title)
    if f["resolved_round"]:
        for x in f["companies"]:
            if not x["built"]:
                flow.para(f"{x['name']}: nothing built.", font="Helvetica-Bold")
                continue
            flow.para(f"{x['name']}: {_count(len(x['built']), 'segment')}, {_count(x['points'], 'point')}.",
                      font="Helvetica-Bold")
            flow.para("  ".join(f"{s['a']}-{s['b']} ({s['cost']})" for s in x["built"]), indent=12, size=8.5)
    if f["homes"]:
        flow.para("Home terminals chosen: " + "; ".join(f"{n[h['company']]} at {h['hex']}" for h in f["homes"]) + ".")
    if f["cities"]:
        flow.gap(3)
        flow.para("Cities connected:", font="Helvetica-Bold")
        for e in f["cities"]:
            bonus = f"bonus {e['bonus']}" if e["bonus"] else "no bonus (home terminal or abroad)"
            flow.para(f"{e['city']} ({e['hex']}) by {n[e['company']]}, {bonus}", indent=12)
    if f["refused"] or f["not_carried_out"]:
        flow.gap(3)
        flow.para("Orders not carried out:", font="Helvetica-Bold")
        for e in f["refused"]:
            flow.para(f"{n[e['company']]}, line {e['line']}: {e['text']}", indent=12, font="Courier", size=8.5)
            flow.para(e["reason"], indent=24, size=8.5)
        for e in f["not_carried_out"]:
            flow.para(f"{n[e['company']]}: {e['reason']}.", indent=12)
    if f["unused"]:
        flow.para("Points not used: " + ", ".join(f"{n[e['company']]} {e['points']}" for e in f["unused"]) + ".")
    if f["no_orders"]:
        flow.para("No orders received from: " + ", ".join(n[c] for c in f["no_orders"]) + ".")
    if f["expectations"]:
        flow.gap(3)
        flow.para("Where the umpire's figures differ from what was written:", font="Helvetica-Bold")
        for e in f["expectations"]:
            flow.para(f"{n[e['company']]}, line {e['line']}, {e['stretch']}: wrote {e['written']}, "
                      f"{e['what']} {e['actual']}", indent=12)
    if f["ended"]:
        flow.gap(3)
        flow.para(f"The construction phase has ended in round {f['ended']['round']}: {f['ended']['reason']}.",
                  font="Helvetica-Bold")


def _operations(flow: Flow, f: dict):
    """Races, the station table and the transport tally (empty before the operating phase)."""
    for race in f["races"]:
        if not race["announced_only"]:
            _race(flow, race, f["names"])
    if f["phase"] == "construction" and not f["stations_in_use"]:
        return
    flow.heading("Station table")
    _station_grid(flow, f["stations"])
    tally = f["tally"]
    flow.heading(f"Transports: {tally['made']} of {tally['total']} made")
    flow.table([Column("Company", 160), Column("Entered", 60, "right"), Column("1st", 50, "right"),
                Column("2nd", 50, "right"), Column("Race income", 80, "right")],
               [[f["names"][cid], t["entered"], t["first"], t["second"], t["income"]]
                for cid, t in tally["companies"].items()])


def _race(flow: Flow, race: dict, names: dict):
    kind = "Special transport" if race["special"] else "Transport"
    flow.heading(f"{kind} {race['transport']}: {race['start']} to {race['destination']}", size=11)
    if race["cancelled"]:
        flow.para(f"Cancelled: {race['cancelled']}.")
        return
    for e in race["entrants"]:
        partner = f" with {names.get(e['partner'], e['partner'])}" if e["partner"] else ""
        flow.para(f"{names.get(e['company'], e['company'])}{partner}: {e['route']}", size=8.5, indent=12)
    entrants = [e["company"] for e in race["entrants"]]
    if race["turns"]:
        rows = []
        for t in race["turns"]:
            moves = {m["company"]: m for m in t["moves"]}
            rows.append([t["turn"]] + [f"rolls {moves[c]['roll']}, to {moves[c]['at']}{' arrived' if moves[c]['arrived'] else ''}"
                                       if c in moves else "" for c in entrants])
        flow.table([Column("Turn", 40, "right")] + [Column(names.get(c, c), 110) for c in entrants], rows, size=8)
    for a in race["arrivals"]:
        flow.para(f"{a['place']}. {names.get(a['company'], a['company'])}"
                  + (f" ({a['leftover']} points left)" if a.get("leftover") is not None else ""), indent=12)
    for p in race["postings"]:
        flow.para(f"{names.get(p['from'], p['from'])} to {names.get(p['to'], p['to'])}: {p['amount']} ({p['reason']})",
                  indent=12, size=8.5)


def _station_grid(flow: Flow, table: list[list[dict]]):
    cell_w, cell_h = min(80.0, flow.width / 6), 30.0
    flow.need(cell_h * 6 + 8)
    c = flow.c
    top = flow.y
    for i, row in enumerate(table):
        for j, cell in enumerate(row):
            x, y = flow.left + j * cell_w, top - (i + 1) * cell_h
            c.setFillColorRGB(*((0.8, 0.8, 0.78) if cell["used"] else (1, 1, 1)))
            c.setStrokeColorRGB(0.3, 0.3, 0.3)
            c.setLineWidth(0.6)
            c.rect(x, y, cell_w, cell_h, stroke=1, fill=1)
            c.setFillColorRGB(0, 0, 0)
            c.setFont("Helvetica-Bold", 11)
            c.drawString(x + 4, y + cell_h - 13, str(cell["number"]))
            c.setFont("Helvetica", 6.5)
            c.drawString(x + 4, y + 4, ", ".join(cell["cities"])[:28])
            for k in range(cell["used"]):
                _check_mark(c, x + cell_w - 14 - 12 * k, y + cell_h - 14)
    flow.y = top - 6 * cell_h - 8


def _check_mark(c, x: float, y: float):
    """A tick 10 points wide: a used station number."""
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(1.8)
    c.setLineCap(1)
    c.lines([(x, y + 5, x + 3.5, y + 1), (x + 3.5, y + 1, x + 10, y + 10)])
    c.setLineCap(0)


def _postings(flow: Flow, f: dict):
    flow.heading("Postings of this issue" if f["number"] > 1 else "Postings")
    n = f["names"]
    if not f["postings"]:
        flow.para("No money moved.")
        return
    flow.table([Column("Round", 40, "right"), Column("From", 110), Column("To", 110),
                Column("Units", 45, "right"), Column("Reason", 200)],
               [[p["round"], n.get(p["from"], p["from"]), n.get(p["to"], p["to"]), p["amount"], p["reason"]]
                for p in f["postings"]])


def _order_forms(flow: Flow, f: dict):
    if not f["templates"]:
        return
    flow.new_page()
    flow.heading(f"Order forms for round {f['round']}")
    flow.para("One order per company, by mail or letter. Lines may use hex labels or city names; "
              "# starts a comment.", size=8.5)
    for x in f["companies"]:
        lines = f["templates"][x["id"]]
        height = 14 + 11 * len(lines) + 24
        flow.need(height + 10)
        c = flow.c
        flow.y -= 8
        c.setStrokeColorRGB(0.4, 0.4, 0.4)
        c.setLineWidth(0.7)
        c.rect(flow.left, flow.y - height, flow.width, height, stroke=1, fill=0)
        c.setFont("Helvetica-Bold", 9.5)
        c.setFillColorRGB(0, 0, 0)
        c.drawString(flow.left + 6, flow.y - 13, f"{x['name']} ({x['id']})")
        c.setFont("Courier", 9)
        for k, line in enumerate(lines):
            c.drawString(flow.left + 12, flow.y - 27 - 11 * k, line)
        c.setStrokeColorRGB(0.75, 0.75, 0.75)
        c.setLineWidth(0.4)
        base = flow.y - 27 - 11 * len(lines)
        c.line(flow.left + 12, base - 2, flow.left + flow.width - 12, base - 2)
        c.line(flow.left + 12, base - 14, flow.left + flow.width - 12, base - 14)
        flow.y -= height


def _swatch(c, content: MapContent, cid: str, x: float, y: float):
    style = content.styles.get(cid)
    if style is None:
        return
    c.setStrokeColorRGB(*style.colour)
    c.setLineWidth(2.4)
    c.setDash([d * 2.4 for d in style.dash] if style.dash else [])
    c.line(x, y, x + 16, y)
    c.setDash([])


def _count(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)

