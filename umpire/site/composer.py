"""The order composer of the open turn's pages: the family's composer data (what its engine counts
for each step of a chain), the order form's header for the `mailto:` link, and the umpire's
address where the site knows it. Never an order code, nor what anyone ordered."""

from __future__ import annotations

import json

from markupsafe import Markup

from ..errors import UmpireError
from ..families.base import Family
from ..game import Game
from ..kernel.language import _
from ..store.folder import GameFolder
from ..store.gm_file import GM_FILE, settings

COMPANY = "{company}"            # where the script writes the chosen company's id


def composer_parts(folder: GameFolder, render, seats=()) -> dict[str | None, Markup]:
    """The composer's section for the open turn's pages (key None: no one chosen) and for each
    seat's own page (that seat chosen), or {} (a family without one, a turn without one)."""
    game = Game.of(folder)
    family = game.family
    state = game.state(copy=False)
    data = family.composer(game, state)
    if data is None:
        return {}
    data["reasons"] = {key: _(words) for key, words in data.get("reasons", {}).items()}
    data["form"] = Family.order_form(family, game, state, COMPANY)
    data["to"] = umpire_address(folder)
    data["game"] = folder.game_id
    text = Markup(json.dumps(data, separators=(",", ":"), ensure_ascii=False).replace("</", "<\\/"))
    return {chosen: Markup(render("composer.html.j2", data=data, json=text, seat=family.seat, chosen=chosen))
            for chosen in (None, *seats)}


def umpire_address(folder: GameFolder) -> str | None:
    """Where orders are mailed (`mail: from:` of game.yaml, else of umpire.yaml beside the game),
    or None."""
    address = None
    for path in (folder.path.parent / GM_FILE, folder.path / "game.yaml"):
        try:
            mail = settings(path).get("mail")
        except UmpireError:
            continue                     # the mail commands say what is wrong with the settings
        if isinstance(mail, dict) and mail.get("from"):
            address = str(mail["from"]).strip()
    return address or None
