"""Who may send orders by mail: the company's registered address (or the GM's) as the message's
one From address, with the company's CODE. The reason for a refusal is kept for the GM; the
sender is told nothing of it."""

from __future__ import annotations

import re

from ..families.base import OrderHeader
from ..kernel.echo import quote
from ..store.folder import GameFolder


def registered(folder: GameFolder, company: str) -> set[str]:
    """The addresses registered for a company (the email of --company; several may be given)."""
    entry = folder.company(company) or {}
    return {a.lower() for a in re.split(r"[\s,;]+", str(entry.get("email") or "")) if "@" in a}


def authentication_problem(folder: GameFolder, order: OrderHeader, sender: str | None, gm: list[str],
                           sender_problem: str | None = None) -> str | None:
    """Why the order does not come from its company, for the GM's log; None if it does. `sender`
    is the address of the message's one From header (see sender.py), None when it cannot be told."""
    if order.game is None or order.company is None:
        return "the message has no GAME and COMPANY lines."
    if order.game.lower() != folder.game_id.lower():
        return f"the GAME line names {quote(order.game)}, not this game."
    if order.company not in folder.company_ids():
        return f"the COMPANY line names {quote(order.company)}, not a company of this game."
    if sender is None:
        return f"the sender cannot be told: {sender_problem or 'it has no From address.'}"
    if sender not in registered(folder, order.company) and sender not in gm:
        return f"the sender {sender} is not the registered address of {order.company} (nor the GM's)."
    if order.code != folder.secrets.get("codes", {}).get(order.company):
        return f"the CODE line is missing or not {order.company}'s order code."
    return None
