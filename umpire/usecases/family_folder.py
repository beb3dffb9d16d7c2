"""The game folder as a family sees it when it writes a newsletter (families/base.py's Folder):
the Game (umpire/game.py), and the facts the shell works out for the family, so that no family
reads the shell's mail, calendar or press itself: the open turn's deadline and the end of its
grace as a newsletter prints them, who ordered in the grace, and the press of a resolved turn."""

from __future__ import annotations

from ..game import Game
from ..timetable.deadlines import deadline_text, grace_end_text, ordered_late
from .press import press_of


class FamilyFolder:
    """A Game with the facts handed over; everything else is the game's own."""

    def __init__(self, game: Game):
        self._game = game
        self._folder = game.folder

    def __getattr__(self, name: str):
        return getattr(self._game, name)

    def deadline_text(self, turn: int | str) -> str | None:
        """The turn's deadline as a newsletter prints it (`2025-03-07 18:00 UTC`), or None."""
        return deadline_text(self._folder, turn)

    def grace_end_text(self, turn: int | str) -> str | None:
        """When the grace after the turn's deadline ends, written as deadline_text, or None (no grace)."""
        return grace_end_text(self._folder, turn)

    def ordered_late(self, turn: int | str | None) -> list[str]:
        """The companies whose orders for `turn` came in the grace after its deadline."""
        return ordered_late(self._folder, turn) if turn is not None else []

    def press(self, turn: int | str | None, seats: list[str], names: dict[str, str]) -> list[dict]:
        """The press of the resolved `turn` to print, in seat order, then grey press (umpire/usecases/press.py)."""
        return press_of(self._game, turn, seats, names)


def handed(game) -> FamilyFolder:
    """The game as a family reads it (one already handed over stays as it is)."""
    return game if isinstance(game, FamilyFolder) else FamilyFolder(game)
