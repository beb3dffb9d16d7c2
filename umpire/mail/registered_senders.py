"""Whose messages a fetch counts as the players' and the GM's: the GM addresses, and the addresses
registered for the companies of each game (read once a game: game.yaml does not change while the
fetch holds the game's lock)."""

from __future__ import annotations

from pathlib import Path

from ..store.folder import GameFolder
from .auth import registered


class RegisteredSenders:
    def __init__(self, gm: list[str]):
        self.gm = gm
        self.addresses: dict[Path, set[str]] = {}                 # game folder -> its registered addresses

    def registered(self, address: str, folder: GameFolder | None) -> bool:
        """A GM address, or an address registered for a company of the message's game."""
        if address in self.gm:
            return True
        if folder is None:
            return False
        if folder.path not in self.addresses:
            self.addresses[folder.path] = {a for c in folder.company_ids() for a in registered(folder, c)}
        return address in self.addresses[folder.path]

    def own_companies(self, folder: GameFolder, sender: str | None) -> list[str]:
        """The companies of the game whose registered address the sender is."""
        if sender is None or sender in self.gm:
            return []
        return [c for c in folder.company_ids() if sender in registered(folder, c)]
