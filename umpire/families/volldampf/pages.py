"""The Volldampf newsletter PDF, laid out by the shared page flow (render/flow.py): the board on a
page of its own, then the players, what happened (the auction bid by bid, builds, moves and the
income each gave, income and interest, cubes and goods cards), the position (sections, cubes by
city, cards) and the orders the open turn takes; and each player's private sheet as a PDF of its
own. Plain facts in (facts.py), invariant bytes out."""

from __future__ import annotations

import re
from functools import partial

from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Preformatted

from ...kernel.language import _, ngettext, pgettext
from ...render.flow import Column, Flow
from ...render.fonts import BOLD, MONO, drawable
from ...render.from_the_gm import from_the_gm
from ...render.paper import paper_size
from .drawing import INK, PAGE, colour, draw_board
from .journal_words import colour as colour_said
from .journal_words import turn as turn_said
from .report import due_sentence, late_sentence

GREY = (0.35, 0.35, 0.35)
BANNER = (0.16, 0.2, 0.14)                  # the title band's dark green
FORM = ParagraphStyle("order-form", fontName=MONO, fontSize=8.5, leading=11, leftIndent=6)


def newsletter_pdf(board, position, facts: dict, paper: str = "a4") -> bytes:
    """The newsletter on `paper`: the board with the position, then its pages of tables."""
    f = drawable(facts)
    title = _("{game} newsletter {number}").format(game=f['game'], number=f"{f['number']:03d}")
    flow = Flow(_("{game}  newsletter {number}  Volldampf, {board}").format(game=f['game'], number=f"{f['number']:03d}",
                                                                          board=f['board']), paper_size(paper))
    flow.page(partial(_board, board=board, position=position, title=title), turned=True, footer=False)
    _front(flow, f)
    _players(flow, f)
    _happened(flow, f)
    flow.press(f["press"])
    _position(flow, f)
    _next(flow, f)
    return flow.build(title)


def _board(c, pagesize, board, position, title: str):
    """The board, drawn for A4 in landscape, on the page (scaled to fit and centred on other paper)."""
    if tuple(pagesize) == tuple(PAGE):
        draw_board(c, board, position, title)
        return
    scale = min(pagesize[0] / PAGE[0], pagesize[1] / PAGE[1])
    c.saveState()
    c.translate((pagesize[0] - PAGE[0] * scale) / 2, (pagesize[1] - PAGE[1] * scale) / 2)
    c.scale(scale, scale)
    draw_board(c, board, position, title)
    c.restoreState()


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
    flow.banner(_("{game}  ·  Newsletter {number}").format(game=f['game'], number=f"{f['number']:03d}"),
                _("Volldampf on the board {board}").format(board=f['board']), BANNER)
    flow.para(f["headline"], size=11, font=BOLD)
    from_the_gm(flow, f["from_the_gm"])
    if f["deadline"]:
        flow.para(due_sentence(f["turn"], f["deadline"], f["grace_end"]), font=BOLD)
    if f["commitment"]:
        flow.para(_("The draws come from a secret seed; its SHA-256 commitment is printed here, and the seed is "
                    "revealed when the game ends, so anyone can check every draw:"))
        flow.para(f["commitment"], font=MONO, size=8.5, indent=12)


def _players(flow: Flow, f: dict):
    flow.heading(_("Players"))
    rows = [["", x["place"], x["name"], x["id"], x["colour_said"], "-" if x["marks"] is None else x["marks"],
             x["income"], x["bonds"], x["score"], x["cards"], x["sections"]] for x in f["players"]]
    colours = [x["colour"] for x in f["players"]]
    flow.table([Column("", 22), Column(_("Place"), 32, "right"), Column(_("Player"), 110), Column("id", 46),
                Column(_("Colour"), 40), Column(_("Marks"), 38, "right"),
                Column(pgettext("narrow column", "Income"), 42, "right"),
                Column(pgettext("narrow column", "Bonds"), 38, "right"),
                Column(pgettext("narrow column", "Score"), 38, "right"), Column(_("Cards"), 38, "right"),
                Column(pgettext("narrow column", "Sections"), 50, "right")],
               rows, size=9, swatch=lambda c, i, x, y: _swatch(c, colours[i], x, y))
    flow.para(_("Place: the turn order of this round (before the auction: the last round's). Score: income less "
                "bonds, as at the end. The colour is the player's sections' on the board and his marker on the "
                "income track."), size=8, colour=GREY)


def _happened(flow: Flow, f: dict):
    flow.heading(_("What happened"))
    for line in f["happened"] or [_("Nothing yet.")]:
        indented = line.startswith("  ")
        flow.para(line.strip(), indent=14 if indented else 0, size=9 if indented else 9.5)
    if f["late"]:
        flow.para(late_sentence(f["late"]))
    for a in f["auctions"]:
        flow.heading(_("Turn-order auction"), size=11)
        flow.para(_("Every bid of the auction as the maxima allow, by one mark at a time, in bidding order "
                    "{order}. A player who drops out takes the last free place and pays his last bid; the one "
                    "left takes place 1.").format(order=", ".join(a["order"])), size=8.5)
        flow.table([Column(_("Step"), 30, "right"), Column(_("Player"), 90), Column(_("Does"), 70),
                    Column(_("Bid"), 90, "right"), Column(_("Place"), 40, "right"), Column(_("Pays"), 40, "right")],
                   [[i, p, does, bid, place, pays] for i, (p, does, bid, place, pays) in enumerate(a["steps"], 1)])
    if f["builds"]:
        flow.heading(_("Builds"), size=11)
        flow.table([Column(_("Player"), 130), Column(_("Link"), 190), Column(_("Card"), 110),
                    Column(_("Cost"), 40, "right")], f["builds"])
        flow.para(_("Paid in all: {n} marks.").format(n=sum(r[-1] for r in f['builds'])), size=8.5)
    if f["moves"]:
        flow.heading(_("Moves"), size=11)
        flow.table([Column(_("Player"), 104), Column(_("Move"), 58), Column(_("Cube"), 38),
                    Column(_("Route (links)"), 180), Column(_("Income to"), 70), Column(_("Steps"), 34, "right")],
                   f["moves"])
        flow.para(_("Steps: how far up the income track the move took the players whose sections it used."), size=8,
                  colour=GREY)
    if f["payouts"]:
        flow.heading(_("Income and interest"), size=11)
        flow.table([Column(_("Player"), 140), Column(_("Received"), 55, "right"),
                    Column(_("Interest due"), 65, "right"), Column(_("Paid"), 40, "right"),
                    Column(_("Short"), 44, "right"), Column(_("Income now"), 66, "right")], f["payouts"])
        flow.para(_("Each player receives his income in marks and pays the interest on his bonds; what he cannot "
                    "pay is taken from his income."), size=8, colour=GREY)
    if f["turned"]:
        flow.heading(_("Goods cards turned"), size=11)
        flow.table([Column(_("When"), 120), Column(_("Card"), 260)], f["turned"])
    if f["drawn"]:
        flow.heading(_("Cubes placed"), size=11)
        flow.table([Column(_("Location"), 120), Column(_("Cubes"), 260)], f["drawn"])
    if f["end"]:
        end = f["end"]
        flow.heading(_("The game is over"))
        for line in end["agreed"]:
            flow.para(line)
        flow.table([Column(_("Player"), 180), Column(_("Score"), 50, "right"), Column(_("Marks"), 50, "right")],
                   end["scores"])
        flow.para(_("Winner: {winners}.").format(winners=end['winners']), font=BOLD, size=11)
        flow.para(_("Track cards boxed at setup: {cards}.").format(cards=end['removed']))


def _position(flow: Flow, f: dict):
    flow.heading(_("The board"))
    colours = [x for x, _name, _held in f["sections"]]
    flow.table([Column("", 22), Column(_("Player"), 120), Column(_("Sections (link, region, cost)"), 360)],
               [["", name, held] for _colour, name, held in f["sections"]], size=8.5, whole_rows=True,
               swatch=lambda c, i, x, y: _swatch(c, colours[i], x, y))
    flow.heading(_("Cubes by city"), size=11)
    if f["cubes"]:
        flow.table([Column(_("City"), 110), Column(_("City colour"), 60), Column(_("Blue"), 40, "right"),
                    Column(_("Violet"), 40, "right"), Column(_("Red"), 40, "right"), Column(_("Yellow"), 40, "right"),
                    Column(_("Cubes"), 40, "right")], f["cubes"], size=8.5)
        cubes, places = sum(r[-1] for r in f['cubes']), len(f['cubes'])
        flow.para(ngettext("{cubes} on {n} location.", "{cubes} on {n} locations.", places).format(
            cubes=ngettext("{n} cube", "{n} cubes", cubes).format(n=cubes), n=places), size=8.5)
    else:
        flow.para(_("No cubes on the board."))
    bag = f["bag"]
    flow.para(_("In the bag: {bag}.").format(bag=", ".join(f"{colour_said(c)} {n}" for c, n in bag.items())), size=9)
    flow.heading(_("Cards"), size=11)
    d = f["decks"]
    flow.para(_("Track deck {track}; goods cards left {goods}; action deck {action}, discards {discards}.").format(
        **d), size=9)
    flow.para(_("Goods cards turned so far: {cards}.").format(cards=", ".join(f["goods_turned"]) or _("none")), size=9)
    flow.para(_("Action cards in hand: {hands}.").format(hands="; ".join(f"{name} {n}" for name, n in f["hands"])),
              size=9)
    if f["played"]:
        flow.para(_("Played since the last issue: {cards}.").format(
            cards="; ".join(f"{name}: {card}" for name, card in f["played"])), size=9)
    flow.para(_("Action discards: {cards}.").format(cards=", ".join(f["action_discards"]) or _("none")), size=9)
    if f["groups"]:
        flow.heading(_("Track card groups on offer"), size=11)
        flow.table([Column(_("Group"), 40, "right"), Column(_("Cards"), 300)], f["groups"], size=9)
    if f["won"]:
        flow.para(_("Groups won: {groups}.").format(groups="; ".join(
            _("{player} group {n}").format(player=name, n=g) for name, g in f["won"])), size=9)


def _next(flow: Flow, f: dict):
    if f["asks"]:
        flow.heading(_("Next"))
        flow.para(f["asks"][0], font=BOLD, size=9.5)
        orders = [re.split(r"\s{2,}", line.strip(), maxsplit=1) for line in f["asks"][1:] if line.startswith("  ")]
        flow.table([Column(_("Order"), 250), Column(_("What it does"), 250)],
                   [o + [""] * (2 - len(o)) for o in orders], size=8)
        for line in f["asks"][1:]:
            if not line.startswith("  "):
                flow.para(line, size=9)
    if f["seed"]:
        flow.heading(_("The seed"))
        flow.para(_("The seed was: {seed}").format(seed=f['seed']), font=MONO, size=9)


# -- the private sheet -------------------------------------------------------------
def private_pdf(facts: dict, paper: str = "a4") -> bytes:
    """A player's private sheet on `paper`: his figures and cards, then the sheet's text as the mail
    gives it."""
    f = drawable(facts)
    said = dict(game=f['game'], number=f"{f['number']:03d}", name=f['name'], player=f['player'],
                turn=turn_said(f['turn']))
    title = _("{game} newsletter {number}: private sheet for {name} ({player})").format(**said)
    flow = Flow(_("{game}  newsletter {number}  private sheet for {name} ({player}) only").format(**said),
                paper_size(paper))
    flow.banner(_("{name}  ·  Private sheet").format(**said),
                _("{game}, newsletter {number}, turn {turn}; for your eyes only").format(**said), BANNER)
    flow.heading(_("Your figures"))
    flow.table([Column("", 22)] + [Column(name, max(60, stringWidth(name, BOLD, 9) + 14), "right")
                                   for name, _value in f["figures"]],
               [[""] + [value for _, value in f["figures"]]], size=9,
               swatch=lambda c, i, x, y: _swatch(c, f["colour"], x, y))
    flow.heading(_("Your cards, your order, what came of it"))
    lines = f["text"].splitlines()[1:]
    form = next((i for i, line in enumerate(lines) if line.isupper()), len(lines))   # ORDER FORM FOR TURN 3B
    for line in lines[:form]:
        if not line.strip():
            flow.gap(4)
        elif line.startswith(("  line ", "  Zeile ")):    # an order line as the umpire read it
            flow.para(line.strip(), font=MONO, size=8, indent=12)
        elif line.startswith(" "):
            flow.para(line.strip(), size=9, indent=12)
        else:
            flow.para(line, size=9.5)
    if form < len(lines):
        flow.heading(_("Your order form"))
        flow.add(Preformatted("\n".join(lines[form:]).rstrip(), FORM))
    return flow.build(title)
