"""The accounts of the round a newsletter resolved, as tables: the family's accounts round by
round (Family.accounts), each seat's money brought forward, every item by its label, carried
forward; a further ledger of the same shape (Volldampf's income track) as a table of its own."""

from __future__ import annotations

import re

from ..families.base import WebTable
from ..kernel.language import N_, _

# the families' columns and ledgers (Dampfross: accounts.py; Volldampf: its ledgers and counts)
ITEMS = (N_("building"), N_("fees"), N_("city bonus"), N_("ferry"), N_("correction"), N_("bonds"), N_("auction"),
         N_("builds"), N_("income"), N_("interest"), N_("deliveries"), N_("cubes delivered"), N_("income track"))
_TRANSPORT = re.compile(r"transport ([0-9]+)")


def item_words(label: str) -> str:
    """A column of the accounts (an item, a ledger, a count) in the page's language: `transport 3`,
    `fees blue` (a company's id kept), `city bonus`; a label the umpire does not know as it is."""
    if found := _TRANSPORT.fullmatch(label):
        return _("transport {n}").format(n=found.group(1))
    if label.startswith("fees "):
        return _("fees {company}").format(company=label[5:])
    return _(label)


def round_of(turn) -> int | None:
    """The round a turn belongs to: 3 for round 3 or turn `3B`."""
    if isinstance(turn, int):
        return turn
    found = re.match(r"[0-9]+", str(turn or ""))
    return int(found.group()) if found else None


def account_tables(rounds: list[dict], turn, names: dict[str, str]) -> list[WebTable]:
    number = round_of(turn)
    entry = next((r for r in rounds if r.get("round") == number), None) if number is not None else None
    if not entry:
        return []
    seats = entry["companies"]
    ledgers = ["money"] + sorted({k for s in seats.values() for k, v in s.items()
                                  if isinstance(v, dict) and k != "items"})
    tables = []
    for ledger in ledgers:
        books = {seat: (s if ledger == "money" else s.get(ledger)) for seat, s in seats.items()}
        books = {seat: b for seat, b in books.items() if b}
        if not books:
            continue
        labels = list(dict.fromkeys(label for b in books.values() for label in b.get("items", {})))
        caption = (_("Accounts of round {round}") if ledger == "money" else
                   _("Accounts of round {round}: {ledger}")).format(round=number, ledger=item_words(ledger))
        rows = [[names.get(seat, seat), b.get("brought_forward", ""), *(_signed(b.get("items", {}).get(label))
                                                                        for label in labels),
                 b.get("carried_forward", "")] for seat, b in books.items()]
        tables.append(WebTable(caption, ["", _("brought forward"), *map(item_words, labels), _("carried forward")],
                               rows))
    return tables


def _signed(value) -> str:
    return "" if value is None else f"{value:+d}" if isinstance(value, int) else str(value)
