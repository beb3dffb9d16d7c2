"""The operating phase in the newsletter PDF: the transports announced, each race turn by turn,
cancelled transports, additional construction, the station table, the tally and the game's end.
"""

from __future__ import annotations

from functools import partial

from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth

from ....kernel.words import plural
from ....render.flow import Column, Flow
from ....render.fonts import BOLD, MONO, SANS

GREY = (0.35, 0.35, 0.35)


def places(pairs: list) -> str:
    """`Larne (AH7), Dun Laoghaire (AF22) or Rosslare (AD33)`."""
    texts = [f"{name} ({h})" for h, name in pairs]
    return ", ".join(texts[:-1]) + " or " + texts[-1] if len(texts) > 1 else "".join(texts)


def route_title(t: dict) -> str:
    kind = "Special transport" if t["special"] else "Transport"
    to = t["destination_name"] + (f" ({t['destination']})" if t["destination"] is not None else "")
    return f"{kind} {t['number']}: {t['start_name']} ({t['start']}) to {to}"


def dice_text(t: dict) -> str:
    if t["start_from"]:
        start = "starts at the last destination"
    else:
        start = f"start {t['start_dice']} = {t['start_rolled']}"
        if t["start_rolled"] != t["start"]:
            start += f", next free {t['start']}"
    destination = f"destination {t['destination_dice']}"
    if not t["special"]:
        destination += f" = {t['destination_rolled']}"
        if t["destination_rolled"] != t["destination"]:
            destination += f", next free {t['destination']}"
    return f"{start}; {destination}"


def announced(flow: Flow, f: dict):
    """The transports of the open round, with their places, dice and shortest existing line."""
    rows = []
    for t in f["announced"]:
        if t["special"]:
            to = f"special {t['destination']}, {t['destination_name']}: " + ", ".join(h for h, _ in t["destinations"])
        else:
            to = f"{t['destination']}: {places(t['destinations'])}"
        if len(t["destinations"]) > 1:
            to += "; write TO <hex>"
        when = f"; announced in round {t['round']}" if t["round"] != f["round"] else ""
        rows.append([f"{t['number']}{' special' if t['special'] else ''}",
                     f"{t['start']}: {places(t['starts'])}", to,
                     dice_text(t) + "".join(f"; {r['destination_name']} rolled again "
                                            f"({plural(r['shortest'], 'hex')} away)" for r in t["rerolls"]),
                     f"{plural(t['shortest'], 'hex')}{when}" if t["shortest"] is not None else f"no line yet{when}"])
    flow.table([Column("No.", 40), Column("From", 110), Column("To", 130), Column("Dice", 140),
                Column("Shortest line", 70)], rows, size=8.5)
    if f["builds_after"]:
        flow.para("Additional construction follows each of these races, from that race's income alone: "
                  "add AFTER n BUILD lines to the order.", size=9)
    elif f["builds_next"]:
        flow.para("Additional construction follows this round's races: add BUILD lines to the order.", size=9)


def race(flow: Flow, t: dict, names: dict):
    """One transport: cancelled, carried without a race, or its race: entries, turns, places, money."""
    flow.heading(route_title(t), size=11)
    if t["status"] == "cancelled":
        flow.para(f"Cancelled: {t['reason']}. Both stations are checked off and the transport counts as made.")
        flow.para(f"Dice: {dice_text(t)}.", size=8.5, colour=GREY)
        return
    if t["status"] == "carried":
        flow.para(f"Not run: {t['reason']}.")
        return
    flow.para(f"Dice: {dice_text(t)}; {t['shortest_text']}.", size=8.5, colour=GREY)
    _not_running(flow, t, names)
    if not t["entered"]:
        flow.para("No train ran.", size=9)
        return
    _entries(flow, t)
    _turns(flow, t)
    _outcome(flow, t, names)


def _not_running(flow: Flow, t: dict, names: dict):
    """Who passed, the lines and routes refused, the trains withdrawn."""
    if t["passed"]:
        flow.para("Passed: " + ", ".join(names[c] for c in t["passed"]) + ".", size=9)
    for e in t["refused"]:
        flow.para(f"Refused, {names[e['company']]} line {e['line']}: {e['reason']}", size=9)
    for e in t["route_refused"]:
        flow.para(f"{t['train_names'][e['train']]}, route {e['alternative']} refused: {e['reason']}.", size=9)
    for e in t["withdrawn"]:
        flow.para(f"{t['train_names'][e['train']]} does not run: {e['reason']}.", size=9)


def _entries(flow: Flow, t: dict):
    """Each train entered, with its route, length and fees."""
    flow.gap(2)
    for e in t["entered"]:
        which = f", route {e['alternative']}" if e["alternative"] > 1 else ""
        flow.para(f"{e['name']} ({e['train']}{which}): {e['steps']} steps, {e['fee_text']}", size=9,
                  font=BOLD)
        for line in route_lines(flow, e["route"], 8, 12):
            flow.para(line, font=MONO, size=8, indent=12)


def _turns(flow: Flow, t: dict):
    """The race turn by turn, a column per train in the order they move."""
    if not t["turns"]:
        return
    order = t["order"]
    rows = []
    for turn in t["turns"]:
        row = [turn["turn"]]
        for train in order:
            m = turn["moves"].get(train)
            row.append(_move(m) if m else "")
        rows.append(row)
    width = min(150.0, (flow.width - 40) / max(1, len(order)))
    flow.table([Column("Turn", 40, "right")] + [Column(i, width) for i in order], rows, size=8)
    flow.para("Each cell: the die, the hex reached, steps done of the route. The richest train moves first.",
              size=7.5, colour=GREY)


def _outcome(flow: Flow, t: dict, names: dict):
    """The trains still running at the end, the places with their bonuses, and the race's postings."""
    if t["finish"] and t["finish"]["not_arrived"]:
        flow.para("Still running when the race ended: " + ", ".join(t["train_names"][i]
                                                                    for i in t["finish"]["not_arrived"]) + ".")
    for p in t["placed"]:
        how = ", alone (no race)" if p.get("alone") else (" (tied)" if p["tied"] > 1 else "")
        flow.para(f"{_ordinal(p['place'])}: {p['name']}{how}, bonus {p['bonus']}.", font=BOLD, size=9.5)
    if t["postings"]:
        flow.gap(2)
        flow.table([Column("From", 130), Column("To", 130), Column("Units", 45, "right"), Column("Reason", 200)],
                   [[names.get(p["from"], p["from"]), names.get(p["to"], p["to"]), p["amount"], p["reason"]]
                    for p in t["postings"]], size=8)


def route_lines(flow: Flow, hexes: list[str], size: float, indent: float) -> list[str]:
    """A route split into lines at its hyphens, each line fitting the page in the monospaced font."""
    width = flow.width - indent
    lines, current = [], ""
    for h in hexes:
        candidate = f"{current}-{h}" if current else h
        if current and stringWidth(candidate + "-", MONO, size) > width:
            lines.append(current + "-")
            current = h
        else:
            current = candidate
    return lines + [current]


def _move(m: dict) -> str:
    text = f"{m['die']}: {m['to']} ({m['done']}/{m['of']})"
    if m["on_border"]:
        text += f", at the border of {m['next']}"
    if m["arrived"]:
        text += f", arrived, {m['leftover']} left"
    return text


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')} place"


def additional(flow: Flow, a: dict, names: dict):
    flow.heading("Additional construction after transport " + ", ".join(map(str, a["after"])))
    flow.para(f"Allowances in units ({a['allowances'][0]['basis']}): "
              + ", ".join(f"{names[e['company']]} {e['units']}" for e in a["allowances"])
              + ". Companies build in the order below.", size=9)
    for x in a["turns"]:
        who = x["name"] + (f" (after transport {x['transport']})" if x["transport"] else "")
        if not x["segments"]:
            flow.para(f"{who}: nothing built.", font=BOLD, size=9.5)
            continue
        fees = f", fees {x['fee_total']}" if x["fee_total"] else ""
        unused = f"; {x['unused']} of {x['allowance']} unused" if x["unused"] else ""
        flow.para(f"{who}: {plural(len(x['segments']), 'segment')}, {plural(x['cost'], 'unit')}{fees}{unused}.",
                  font=BOLD, size=9.5)
        flow.para("  ".join(f"{s['a']}-{s['b']} ({s['cost']})" for s in x["segments"]), indent=12, size=8.5)
        for p in x["fees"]:
            flow.para(f"fee to {names[p['to']]}: {p['amount']} ({p['reason']})", indent=12, size=8.5)
        for e in x["bonuses"]:
            flow.para(f"{e['city']} ({e['hex']}) connected: bonus {e['bonus']}", indent=12, size=8.5)


def stations(flow: Flow, table: dict):
    uses = table["uses"]
    note = f"each number serves {uses} times; " if uses > 1 else ""
    if table["resets"]:
        note += f"started afresh {plural(table['resets'], 'time')}; "
    flow.heading("Station table")
    flow.para(f"A tick for each use as start or destination ({note}the transport numbers beside it). "
              "A used number is not rolled again: the next free number stands for it.", size=8.5)
    cell_w, cell_h = min(80.0, flow.width / 6), 30.0
    flow.gap(4)
    flow.drawing(cell_h * 6 + 4, partial(_station_cells, rows=table["rows"], uses=uses, cell_size=(cell_w, cell_h)))


def _station_cells(c, width: float, height: float, rows: list, uses: int, cell_size: tuple[float, float]):
    cell_w, cell_h = cell_size
    for i, row in enumerate(rows):
        for j, cell in enumerate(row):
            x, y = j * cell_w, height - (i + 1) * cell_h
            full = cell["used"] >= uses
            c.setFillColorRGB(*((0.8, 0.8, 0.78) if full else (0.93, 0.93, 0.9) if cell["used"] else (1, 1, 1)))
            c.setStrokeColorRGB(0.3, 0.3, 0.3)
            c.setLineWidth(0.6)
            c.rect(x, y, cell_w, cell_h, stroke=1, fill=1)
            c.setFillColorRGB(0, 0, 0)
            c.setFont(BOLD, 11)
            c.drawString(x + 4, y + cell_h - 13, str(cell["number"]))
            c.setFont(SANS, 6.5)
            used = "t" + ", t".join(map(str, cell["transports"])) if cell["transports"] else ""
            room = cell_w - 10 - (c.stringWidth(used, BOLD, 6.5) if used else 0)
            size, lines = _wrap(", ".join(cell["cities"]), room)
            c.setFont(SANS, size)
            for k, line in enumerate(reversed(lines)):
                c.drawString(x + 4, y + 4 + k * size * 1.1, line)
            for k in range(cell["used"]):
                _tick(c, x + cell_w - 14 - 12 * k, y + cell_h - 14)
            if used:
                c.setFont(BOLD, 6.5)
                c.drawRightString(x + cell_w - 4, y + 4, used)


def _wrap(text: str, width: float) -> tuple[float, list[str]]:
    """The cities of a station cell on at most two lines, in a smaller size if they need it."""
    for size in (6.5, 5.5, 5.0):
        lines = simpleSplit(text, SANS, size, width)
        if len(lines) <= 2:
            return size, lines
    return 5.0, lines[:2]


def _tick(c, x: float, y: float):
    """A tick 10 points wide: a used station number."""
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(1.8)
    c.setLineCap(1)
    c.lines([(x, y + 5, x + 3.5, y + 1), (x + 3.5, y + 1, x + 10, y + 10)])
    c.setLineCap(0)


def tally(flow: Flow, f: dict):
    t = f["tally"]
    of = f" of {t['total']}" if t["total"] else ""
    cancelled = f" ({t['cancelled']} cancelled)" if t["cancelled"] else ""
    flow.heading(f"Transports: {t['made']}{of} made{cancelled}")
    flow.table([Column("Company", 160), Column("Races", 45, "right"), Column("1st", 35, "right"),
                Column("2nd", 35, "right"), Column("Bonuses", 55, "right"), Column("Fees paid", 60, "right"),
                Column("Fees received", 75, "right")],
               [[f["names"][cid], x["entered"], x["first"], x["second"], x["bonuses"], x["fees_paid"],
                 x["fees_received"]] for cid, x in t["companies"].items()], size=8.5)


def game_over(flow: Flow, f: dict):
    end = f["finished"]
    flow.heading("The game is over")
    flow.para(f"It ended in round {end['round']}: {end['reason']}.")
    if end["dropped"]:
        flow.para(f"The orders in force for round {end['round']}, not carried out: {', '.join(end['dropped'])}.")
    who = "Winner" if len(end["winners"]) == 1 else "Winners, sharing the win"
    flow.para(f"{who}: {', '.join(end['winner_names'])}.", font=BOLD, size=12)
    flow.table([Column("Place", 40, "right"), Column("Company", 200), Column("Balance", 60, "right"),
                Column("", 60)],
               [[i, s["name"], s["balance"], "winner" if s["winner"] else ""]
                for i, s in enumerate(end["standings"], 1)], size=9)
    if f["seed"]:
        flow.para("The dice seed, kept secret until now:", size=9)
        flow.para(f["seed"], font=MONO, size=10, indent=12)
        flow.para("Its SHA-256, the commitment printed in newsletter 001:", size=9)
        flow.para(f["seed_check"]["commitment"], font=MONO, size=8, indent=12)
        flow.para("To check a roll: " + f["seed_check"]["rule"], size=8.5, colour=GREY)
