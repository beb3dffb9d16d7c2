"""The Volldampf newsletter PDF, laid out by the shared page flow (render/flow.py): the board on a
page of its own, then the players, what happened (the auction bid by bid, builds, moves and the
income each gave, income and interest, cubes and goods cards), the position (sections, cubes by
city, cards) and the orders the open turn takes; and each player's private sheet as a PDF of its
own. Plain facts in (facts.py), invariant bytes out."""

from __future__ import annotations

import re
from functools import partial

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Preformatted

from ...kernel.words import plural
from ...render.flow import Column, Flow
from ...render.fonts import BOLD, MONO, drawable
from ...render.from_the_gm import from_the_gm
from .drawing import INK, colour, draw_board
from .report import due_sentence, late_sentence

GREY = (0.35, 0.35, 0.35)
BANNER = (0.16, 0.2, 0.14)                  # the title band's dark green
FORM = ParagraphStyle("order-form", fontName=MONO, fontSize=8.5, leading=11, leftIndent=6)


def newsletter_pdf(board, position, facts: dict) -> bytes:
    """The newsletter: the board with the position, then its pages of tables."""
    f = drawable(facts)
    title = f"{f['game']} newsletter {f['number']:03d}"
    flow = Flow(f"{f['game']}  newsletter {f['number']:03d}  Volldampf, {f['board']}")
    flow.page(partial(_board, board=board, position=position, title=title), turned=True, footer=False)
    _front(flow, f)
    _players(flow, f)
    _happened(flow, f)
    flow.press(f["press"])
    _position(flow, f)
    _next(flow, f)
    return flow.build(title)


def _board(c, pagesize, board, position, title: str):
    draw_board(c, board, position, title)


def _swatch(c, name: str, x: float, y: float):
    """A player's colour as his sections are drawn: a short thick line on a dark casing."""
    c.saveState()
    c.setLineCap(1)
    c.setStrokeColor(INK)
    c.setLineWidth(5.2)
    c.line(x + 2, y, x + 14, y)
    c.setStrokeColor(colour(name))
    c.setLineWidth(4.0)
    c.line(x + 2, y, x + 14, y)
    c.restoreState()


# -- sections --------------------------------------------------------------------
def _front(flow: Flow, f: dict):
    flow.banner(f"{f['game']}  ·  Newsletter {f['number']:03d}", f"Volldampf on the board {f['board']}", BANNER)
    flow.para(f["headline"], size=11, font=BOLD)
    from_the_gm(flow, f["from_the_gm"])
    if f["deadline"]:
        flow.para(due_sentence(f["turn"], f["deadline"], f["grace_end"]), font=BOLD)
    if f["commitment"]:
        flow.para("The draws come from a secret seed; its SHA-256 commitment is printed here, and the seed is "
                  "revealed when the game ends, so anyone can check every draw:")
        flow.para(f["commitment"], font=MONO, size=8.5, indent=12)


def _players(flow: Flow, f: dict):
    flow.heading("Players")
    rows = [["", x["place"], x["name"], x["id"], x["colour"], "-" if x["marks"] is None else x["marks"],
             x["income"], x["bonds"], x["score"], x["cards"], x["sections"]] for x in f["players"]]
    colours = [x["colour"] for x in f["players"]]
    flow.table([Column("", 22), Column("Place", 32, "right"), Column("Player", 110), Column("id", 46),
                Column("Colour", 40), Column("Marks", 38, "right"), Column("Income", 42, "right"),
                Column("Bonds", 38, "right"), Column("Score", 38, "right"), Column("Cards", 38, "right"),
                Column("Sections", 50, "right")],
               rows, size=9, swatch=lambda c, i, x, y: _swatch(c, colours[i], x, y))
    flow.para("Place: the turn order of this round (before the auction: the last round's). Score: income less "
              "bonds, as at the end. The colour is the player's sections' on the board and his marker on the "
              "income track.", size=8, colour=GREY)


def _happened(flow: Flow, f: dict):
    flow.heading("What happened")
    for line in f["happened"] or ["Nothing yet."]:
        indented = line.startswith("  ")
        flow.para(line.strip(), indent=14 if indented else 0, size=9 if indented else 9.5)
    if f["late"]:
        flow.para(late_sentence(f["late"]))
    for a in f["auctions"]:
        flow.heading("Turn-order auction", size=11)
        flow.para("Every bid of the auction as the maxima allow, by one mark at a time, in bidding order "
                  + ", ".join(a["order"]) + ". A player who drops out takes the last free place and pays "
                  "his last bid; the one left takes place 1.", size=8.5)
        flow.table([Column("Step", 30, "right"), Column("Player", 90), Column("Does", 70),
                    Column("Bid", 90, "right"), Column("Place", 40, "right"), Column("Pays", 40, "right")],
                   [[i, p, does, bid, place, pays] for i, (p, does, bid, place, pays) in enumerate(a["steps"], 1)])
    if f["builds"]:
        flow.heading("Builds", size=11)
        flow.table([Column("Player", 130), Column("Link", 190), Column("Card", 110), Column("Cost", 40, "right")],
                   f["builds"])
        flow.para(f"Paid in all: {sum(r[-1] for r in f['builds'])} marks.", size=8.5)
    if f["moves"]:
        flow.heading("Moves", size=11)
        flow.table([Column("Player", 104), Column("Move", 58), Column("Cube", 38), Column("Route (links)", 180),
                    Column("Income to", 70), Column("Steps", 34, "right")], f["moves"])
        flow.para("Steps: how far up the income track the move took the players whose sections it used.", size=8,
                  colour=GREY)
    if f["payouts"]:
        flow.heading("Income and interest", size=11)
        flow.table([Column("Player", 140), Column("Received", 55, "right"), Column("Interest due", 65, "right"),
                    Column("Paid", 40, "right"), Column("Short", 44, "right"), Column("Income now", 66, "right")],
                   f["payouts"])
        flow.para("Each player receives his income in marks and pays the interest on his bonds; what he cannot "
                  "pay is taken from his income.", size=8, colour=GREY)
    if f["turned"]:
        flow.heading("Goods cards turned", size=11)
        flow.table([Column("When", 120), Column("Card", 260)], f["turned"])
    if f["drawn"]:
        flow.heading("Cubes placed", size=11)
        flow.table([Column("Location", 120), Column("Cubes", 260)], f["drawn"])
    if f["end"]:
        end = f["end"]
        flow.heading("The game is over")
        for line in end["agreed"]:
            flow.para(line)
        flow.table([Column("Player", 180), Column("Score", 50, "right"), Column("Marks", 50, "right")],
                   end["scores"])
        flow.para(f"Winner: {end['winners']}.", font=BOLD, size=11)
        flow.para(f"Track cards boxed at setup: {end['removed']}.")


def _position(flow: Flow, f: dict):
    flow.heading("The board")
    colours = [x for x, _, _ in f["sections"]]
    flow.table([Column("", 22), Column("Player", 120), Column("Sections (link, region, cost)", 360)],
               [["", name, held] for _, name, held in f["sections"]], size=8.5, whole_rows=True,
               swatch=lambda c, i, x, y: _swatch(c, colours[i], x, y))
    flow.heading("Cubes by city", size=11)
    if f["cubes"]:
        flow.table([Column("City", 110), Column("City colour", 60), Column("Blue", 40, "right"),
                    Column("Violet", 40, "right"), Column("Red", 40, "right"), Column("Yellow", 40, "right"),
                    Column("Cubes", 40, "right")], f["cubes"], size=8.5)
        flow.para(f"{plural(sum(r[-1] for r in f['cubes']), 'cube')} on {plural(len(f['cubes']), 'location')}.",
                  size=8.5)
    else:
        flow.para("No cubes on the board.")
    bag = f["bag"]
    flow.para("In the bag: " + ", ".join(f"{c} {n}" for c, n in bag.items()) + ".", size=9)
    flow.heading("Cards", size=11)
    d = f["decks"]
    flow.para(f"Track deck {d['track']}; goods cards left {d['goods']}; action deck {d['action']}, "
              f"discards {d['discards']}.", size=9)
    flow.para("Goods cards turned so far: " + (", ".join(f["goods_turned"]) or "none") + ".", size=9)
    flow.para("Action cards in hand: " + "; ".join(f"{name} {n}" for name, n in f["hands"]) + ".", size=9)
    if f["played"]:
        flow.para("Played since the last issue: " + "; ".join(f"{name}: {card}" for name, card in f["played"]) + ".",
                  size=9)
    flow.para("Action discards: " + (", ".join(f["action_discards"]) or "none") + ".", size=9)
    if f["groups"]:
        flow.heading("Track card groups on offer", size=11)
        flow.table([Column("Group", 40, "right"), Column("Cards", 300)], f["groups"], size=9)
    if f["won"]:
        flow.para("Groups won: " + "; ".join(f"{name} group {g}" for name, g in f["won"]) + ".", size=9)


def _next(flow: Flow, f: dict):
    if f["asks"]:
        flow.heading("Next")
        flow.para(f["asks"][0], font=BOLD, size=9.5)
        orders = [re.split(r"\s{2,}", line.strip(), maxsplit=1) for line in f["asks"][1:] if line.startswith("  ")]
        flow.table([Column("Order", 250), Column("What it does", 250)], [o + [""] * (2 - len(o)) for o in orders],
                   size=8)
        for line in f["asks"][1:]:
            if not line.startswith("  "):
                flow.para(line, size=9)
    if f["seed"]:
        flow.heading("The seed")
        flow.para(f"The seed was: {f['seed']}", font=MONO, size=9)


# -- the private sheet -------------------------------------------------------------
def private_pdf(facts: dict) -> bytes:
    """A player's private sheet: his figures and cards, then the sheet's text as the mail gives it."""
    f = drawable(facts)
    title = f"{f['game']} newsletter {f['number']:03d}: private sheet for {f['name']} ({f['player']})"
    flow = Flow(f"{f['game']}  newsletter {f['number']:03d}  private sheet for {f['name']} ({f['player']}) only")
    flow.banner(f"{f['name']}  ·  Private sheet", f"{f['game']}, newsletter {f['number']:03d}, turn {f['turn']}; "
                "for your eyes only", BANNER)
    flow.heading("Your figures")
    flow.table([Column("", 22)] + [Column(name, 60, "right") for name, _ in f["figures"]],
               [[""] + [value for _, value in f["figures"]]], size=9,
               swatch=lambda c, i, x, y: _swatch(c, f["colour"], x, y))
    flow.heading("Your cards, your order, what came of it")
    lines = f["text"].splitlines()[1:]
    form = next((i for i, line in enumerate(lines) if line.isupper()), len(lines))   # ORDER FORM FOR TURN 3B
    for line in lines[:form]:
        if not line.strip():
            flow.gap(4)
        elif line.startswith("  line "):                 # an order line as the umpire read it
            flow.para(line.strip(), font=MONO, size=8, indent=12)
        elif line.startswith(" "):
            flow.para(line.strip(), size=9, indent=12)
        else:
            flow.para(line, size=9.5)
    if form < len(lines):
        flow.heading("Your order form")
        flow.add(Preformatted("\n".join(lines[form:]).rstrip(), FORM))
    return flow.build(title)
