"""The language of each mail to a player (docs/languages.md): his seat's own (`--company
ID:NAME:EMAIL:de`), else his game's; an address without a seat (an observer, a stranger) is written
to in the game's language, and a message without a game in English."""

from __future__ import annotations

from ..kernel import language
from ..store.folder import GameFolder
from .auth import registered
from .outcome import environment


def of_company(folder: GameFolder, company: str | None) -> str:
    """The language of the mail to a company's player."""
    return language.of_seat(folder.config, company)


def of_address(folder: GameFolder, address: str | None) -> str:
    """The language of the mail to an address: that of the seats registered there when they speak
    one language, else the game's."""
    spoken = {of_company(folder, c) for c in folder.company_ids()
              if address and address.lower() in registered(folder, c)}
    return spoken.pop() if len(spoken) == 1 else language.of_game(folder.config)


def of_sender(folder: GameFolder | None, sender: str | None) -> str:
    """The language of the reply to a message: its sender's (`of_address`); English without a game,
    or when the game's file cannot be read (the GM is told of that message anyway)."""
    if folder is None:
        return language.ENGLISH
    try:
        return of_address(folder, sender)
    except Exception as exc:                # a broken game.yaml: the reply says so in English
        if environment(exc):
            raise
        return language.ENGLISH
