"""A company's (player's) own page: his accounts round by round as tables (money, and each
further ledger such as Volldampf's income track) and his published orders round by round, as
the newsletters printed them: public parts only, a refused line never quoted, no code."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from markupsafe import Markup

from ..families.base import WebKey, WebTable
from ..game import Game
from ..kernel.language import _, pgettext
from ..kernel.order_header import turn_words
from . import history
from .accounts import item_words, round_of


@dataclass
class CompanyPage:
    seat: str                                     # the id: the page is <game>/<seat>/index.html
    name: str
    tables: list[WebTable] = field(default_factory=list)
    orders: list[tuple[str, str]] = field(default_factory=list)       # (the turn in words, the lines read)
    map: Markup = Markup("")                      # the newest newsletter's map, his track highlighted
    key: WebKey | None = None                     # what is highlighted, as its legend


def highlighted(figure: str, drawn: str) -> Markup:
    """The newest newsletter's map figure (`figure`, from its page, without the legends under it)
    with `drawn` over everything else in its SVG, the map opened on the middle of what it draws."""
    end = figure.find("</svg>\n</div>")
    if end < 0 or not drawn:
        return Markup(figure)
    figure = figure[:end] + drawn + "\n" + figure[end:]
    box = re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', figure)
    points = [(float(x), float(y)) for x, y in re.findall(r"[ML](-?[\d.]+),(-?[\d.]+)", drawn)]
    if box and points:
        x = sum(p[0] for p in points) / len(points) / float(box.group(1))
        y = sum(p[1] for p in points) / len(points) / float(box.group(2))
        focus = f'data-focus="{round(x, 3)} {round(y, 3)}"'
        figure = re.sub(r'data-focus="[^"]*"', focus, figure, count=1) if "data-focus=" in figure else \
            figure.replace('<div class="mapbox" ', f'<div class="mapbox" {focus} ', 1)
    return Markup(figure)


def company_pages(folder, moments: list[history.Moment], names: dict[str, str], figure: str = "") -> list[CompanyPage]:
    """Every seat's page, as of the newest newsletter (nothing journaled after it); `figure` is
    that newsletter's map as its page shows it."""
    pages = {seat: CompanyPage(seat, name) for seat, name in names.items()}
    if not moments:
        return list(pages.values())
    newest = moments[-1].folder
    family = Game.of(folder).family
    rounds = family.accounts(newest, newest.events)
    state = newest.state(copy=False)
    counts = family.counts(newest.events)
    for page in pages.values():
        page.tables = _ledgers(rounds, page.seat, counts)
        if figure:
            drawn, page.key = family.web_highlight(newest, state, page.seat)
            page.map = highlighted(figure, drawn)
    for moment in moments:
        if moment.resolved is None:
            continue
        for seat, text in history.published_orders(moment.folder, moment.resolved):
            if seat in pages:
                pages[seat].orders.append((turn_words(moment.resolved), text))
    return list(pages.values())


def _ledgers(rounds: list[dict], seat: str, counts: dict[str, dict[int, dict[str, int]]]) -> list[WebTable]:
    """The seat's books round by round: one table per ledger, a row per round; the first (his
    balance where the game shows it) ends with what the family counts (Volldampf: cubes delivered)."""
    books: dict[str, list[tuple[int, dict]]] = {}
    for entry in rounds:
        own = entry["companies"].get(seat)
        if not own:
            continue
        if "carried_forward" in own:
            books.setdefault("money", []).append((entry["round"], own))
        for ledger, book in own.items():
            if isinstance(book, dict) and ledger != "items":
                books.setdefault(ledger, []).append((entry["round"], book))
    tables = []
    for k, (ledger, rows) in enumerate(books.items()):
        labels = list(dict.fromkeys(label for _, book in rows for label in book.get("items", {})))
        counted = list(counts) if k == 0 else []
        tables.append(WebTable(
            _("Accounts, round by round") if ledger == "money" else
            _("Accounts, round by round: {ledger}").format(ledger=item_words(ledger)),
            [pgettext("web page", "round"), _("brought forward"), *map(item_words, labels), _("carried forward"),
             *map(item_words, counted)],
            [[_("Round {round}").format(round=round_of(r)), book.get("brought_forward", ""),
              *(_signed(book.get("items", {}).get(label)) for label in labels), book.get("carried_forward", ""),
              *(counts[label].get(r, {}).get(seat, 0) for label in counted)]
             for r, book in rows]))
    return tables


def _signed(value) -> str:
    return "" if value is None else f"{value:+d}" if isinstance(value, int) else str(value)
