"""The operating phase in the newsletter PDF: the transports announced, each race turn by turn,
cancelled transports, additional construction, the station table, the tally and the game's end.
"""

from __future__ import annotations

from functools import partial

from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth

from ....kernel.language import _, pgettext
from ....render.counts import counted as plural
from ....render.flow import Column, Flow
from ....render.fonts import BOLD, MONO, SANS
from .transports_report import destination_words, start_words

GREY = (0.35, 0.35, 0.35)


def places(pairs: list) -> str:
    """`Larne (AH7), Dun Laoghaire (AF22) or Rosslare (AD33)`."""
    texts = [f"{name} ({h})" for h, name in pairs]
    return ", ".join(texts[:-1]) + " " + _("or") + " " + texts[-1] if len(texts) > 1 else "".join(texts)


def route_title(t: dict) -> str:
    to = t["destination_name"] + (f" ({t['destination']})" if t["destination"] is not None else "")
    said = _("Special transport {number}: {start} to {destination}") if t["special"] else \
        _("Transport {number}: {start} to {destination}")
    return said.format(number=t["number"], start=f"{t['start_name']} ({t['start']})", destination=to)


def dice_text(t: dict) -> str:
    """`start red 3, black 4 = 34; destination red 1, black 2 = 12, next free 13`."""
    return _("{start}; destination {destination}").format(start=start_words(t), destination=destination_words(t))


def announced(flow: Flow, f: dict):
    """The transports of the open round, with their places, dice and shortest existing line."""
    rows = []
    for t in f["announced"]:
        if t["special"]:
            to = _("special {number}, {name}: {hexes}").format(number=t["destination"], name=t["destination_name"],
                                                               hexes=", ".join(h for h, _n in t["destinations"]))
        else:
            to = f"{t['destination']}: {places(t['destinations'])}"
        if len(t["destinations"]) > 1:
            to += _("; write TO <hex>")
        when = _("; announced in round {round}").format(round=t["round"]) if t["round"] != f["round"] else ""
        rows.append([_("{number} special").format(number=t["number"]) if t["special"] else str(t["number"]),
                     f"{t['start']}: {places(t['starts'])}", to,
                     dice_text(t) + "".join(_("; {name} rolled again ({hexes} away)").format(
                         name=r["destination_name"], hexes=plural(r["shortest"], "hex")) for r in t["rerolls"]),
                     f"{plural(t['shortest'], 'hex')}{when}" if t["shortest"] is not None
                     else _("no line yet") + when])
    flow.table([Column(_("No."), 40), Column(_("From"), 110), Column(_("To"), 130), Column(_("Dice"), 140),
                Column(_("Shortest line"), 70)], rows, size=8.5)
    if f["builds_after"]:
        flow.para(_("Additional construction follows each of these races, from that race's income alone: "
                    "add AFTER n BUILD lines to the order."), size=9)
    elif f["builds_next"]:
        flow.para(_("Additional construction follows this round's races: add BUILD lines to the order."), size=9)


def race(flow: Flow, t: dict, names: dict):
    """One transport: cancelled, carried without a race, or its race: entries, turns, places, money."""
    flow.heading(route_title(t), size=11)
    if t["status"] == "cancelled":
        flow.para(_("Cancelled: {reason}. Both stations are checked off and the transport counts as made.").format(
            reason=t["reason"]))
        flow.para(_("Dice: {dice}.").format(dice=dice_text(t)), size=8.5, colour=GREY)
        return
    if t["status"] == "carried":
        flow.para(_("Not run: {reason}.").format(reason=t["reason"]))
        return
    flow.para(_("Dice: {dice}; {shortest}.").format(dice=dice_text(t), shortest=t["shortest_text"]), size=8.5,
              colour=GREY)
    _not_running(flow, t, names)
    if not t["entered"]:
        flow.para(_("No train ran."), size=9)
        return
    _entries(flow, t)
    _turns(flow, t)
    _outcome(flow, t, names)


def _not_running(flow: Flow, t: dict, names: dict):
    """Who passed, the lines and routes refused, the trains withdrawn."""
    if t["passed"]:
        flow.para(_("Passed: {names}.").format(names=", ".join(names[c] for c in t["passed"])), size=9)
    for e in t["refused"]:
        flow.para(_("Refused, {company} line {line}: {reason}").format(company=names[e["company"]], line=e["line"],
                                                                        reason=e["reason"]), size=9)
    for e in t["route_refused"]:
        flow.para(_("{train}, route {alternative} refused: {reason}.").format(
            train=t["train_names"][e["train"]], alternative=e["alternative"], reason=e["reason"]), size=9)
    for e in t["withdrawn"]:
        flow.para(_("{train} does not run: {reason}.").format(train=t["train_names"][e["train"]], reason=e["reason"]),
                  size=9)


def _entries(flow: Flow, t: dict):
    """Each train entered, with its route, length and fees."""
    flow.gap(2)
    for e in t["entered"]:
        which = _(", route {alternative}").format(alternative=e["alternative"]) if e["alternative"] > 1 else ""
        flow.para(f"{e['name']} ({e['train']}{which}): " + _("{steps} steps, {fees}").format(
            steps=e["steps"], fees=e["fee_text"]), size=9, font=BOLD)
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
    flow.table([Column(pgettext("race table", "Turn"), 40, "right")] + [Column(i, width) for i in order], rows, size=8)
    flow.para(_("Each cell: the die, the hex reached, steps done of the route. The richest train moves first."),
              size=7.5, colour=GREY)


def _outcome(flow: Flow, t: dict, names: dict):
    """The trains still running at the end, the places with their bonuses, and the race's postings."""
    if t["finish"] and t["finish"]["not_arrived"]:
        flow.para(_("Still running when the race ended: {trains}.").format(
            trains=", ".join(t["train_names"][i] for i in t["finish"]["not_arrived"])))
    for p in t["placed"]:
        how = _(", alone (no race)") if p.get("alone") else (_(" (tied)") if p["tied"] > 1 else "")
        flow.para(_("{place}: {name}{how}, bonus {bonus}.").format(place=_ordinal(p["place"]), name=p["name"],
                                                                   how=how, bonus=p["bonus"]), font=BOLD, size=9.5)
    if t["postings"]:
        flow.gap(2)
        flow.table([Column(_("From"), 130), Column(_("To"), 130), Column(_("Units"), 45, "right"),
                    Column(_("Reason"), 200)],
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
        text += _(", at the border of {hex}").format(hex=m["next"])
    if m["arrived"]:
        text += _(", arrived, {leftover} left").format(leftover=m["leftover"])
    return text


def _ordinal(n: int) -> str:
    """`1st place`; German `1. Platz`."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return _("{n}{suffix} place").format(n=n, suffix=suffix)


def additional(flow: Flow, a: dict, names: dict):
    flow.heading(_("Additional construction after transport {numbers}").format(
        numbers=", ".join(map(str, a["after"]))))
    flow.para(_("Allowances in units ({basis}): {allowances}. Companies build in the order below.").format(
        basis=a["allowances"][0]["basis"],
        allowances=", ".join(f"{names[e['company']]} {e['units']}" for e in a["allowances"])), size=9)
    for x in a["turns"]:
        who = x["name"] + (_(" (after transport {number})").format(number=x["transport"]) if x["transport"] else "")
        if not x["segments"]:
            flow.para(_("{name}: nothing built.").format(name=who), font=BOLD, size=9.5)
            continue
        fees = _(", fees {fees}").format(fees=x["fee_total"]) if x["fee_total"] else ""
        unused = _("; {unused} of {allowance} unused").format(unused=x["unused"], allowance=x["allowance"]) \
            if x["unused"] else ""
        flow.para(f"{who}: {plural(len(x['segments']), 'segment')}, {plural(x['cost'], 'unit')}{fees}{unused}.",
                  font=BOLD, size=9.5)
        flow.para("  ".join(f"{s['a']}-{s['b']} ({s['cost']})" for s in x["segments"]), indent=12, size=8.5)
        for p in x["fees"]:
            flow.para(_("fee to {company}: {amount} ({reason})").format(company=names[p["to"]], amount=p["amount"],
                                                                         reason=p["reason"]), indent=12, size=8.5)
        for e in x["bonuses"]:
            flow.para(_("{city} ({hex}) connected: bonus {bonus}").format(city=e["city"], hex=e["hex"],
                                                                          bonus=e["bonus"]), indent=12, size=8.5)


def stations(flow: Flow, table: dict):
    uses = table["uses"]
    note = _("each number serves {uses} times; ").format(uses=uses) if uses > 1 else ""
    if table["resets"]:
        note += _("started afresh {times}; ").format(times=plural(table["resets"], "time"))
    flow.heading(_("Station table"))
    flow.para(_("A tick for each use as start or destination ({note}the transport numbers beside it). A used number "
                "is not rolled again: the next free number stands for it.").format(note=note), size=8.5)
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
    made = (_("Transports: {made} of {total} made") if t["total"] else _("Transports: {made} made")).format(
        made=t["made"], total=t["total"])
    cancelled = _(" ({cancelled} cancelled)").format(cancelled=t["cancelled"]) if t["cancelled"] else ""
    flow.heading(made + cancelled)
    flow.table([Column(_("Company"), 160), Column(_("Races"), 45, "right"), Column(_("1st"), 35, "right"),
                Column(_("2nd"), 35, "right"), Column(_("Bonuses"), 55, "right"), Column(_("Fees paid"), 60, "right"),
                Column(_("Fees received"), 75, "right")],
               [[f["names"][cid], x["entered"], x["first"], x["second"], x["bonuses"], x["fees_paid"],
                 x["fees_received"]] for cid, x in t["companies"].items()], size=8.5)


def game_over(flow: Flow, f: dict):
    end = f["finished"]
    flow.heading(_("The game is over"))
    flow.para(_("It ended in round {round}: {reason}.").format(round=end["round"], reason=end["reason"]))
    if end["dropped"]:
        flow.para(_("The orders in force for round {round}, not carried out: {companies}.").format(
            round=end["round"], companies=", ".join(end["dropped"])))
    who = _("Winner: {names}.") if len(end["winners"]) == 1 else _("Winners, sharing the win: {names}.")
    flow.para(who.format(names=", ".join(end["winner_names"])), font=BOLD, size=12)
    flow.table([Column(_("Place"), 40, "right"), Column(_("Company"), 200), Column(_("Balance"), 60, "right"),
                Column("", 60)],
               [[i, s["name"], s["balance"], _("winner") if s["winner"] else ""]
                for i, s in enumerate(end["standings"], 1)], size=9)
    if f["seed"]:
        flow.para(_("The dice seed, kept secret until now:"), size=9)
        flow.para(f["seed"], font=MONO, size=10, indent=12)
        flow.para(_("Its SHA-256, the commitment printed in newsletter 001:"), size=9)
        flow.para(f["seed_check"]["commitment"], font=MONO, size=8, indent=12)
        flow.para(_("To check a roll: {rule}").format(rule=f["seed_check"]["rule"]), size=8.5, colour=GREY)
