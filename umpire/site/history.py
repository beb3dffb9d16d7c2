"""A game as it stood when each newsletter was written: the journal's events before the issue,
the state folded from them, and a fingerprint of everything the issue's web page is made of
(so an unchanged page is not made again)."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

from ..game import Game
from ..kernel.language import ENGLISH, ngettext, of_game
from ..kernel.order_header import clean_lines, keyword_of, visible
from ..store.folder import GameFolder
from ..usecases.family_folder import FamilyFolder
from ..usecases.press import press_of, split_press

SITE_FORMAT = 6          # raised when the pages change, so every page is made anew
SITE_WORDS = 2           # raised when the pages of a game in another language than English change


class FolderAt(FamilyFolder):
    """A game as it stood before a newsletter was journaled, as a family reads it
    (umpire/usecases/family_folder.py): its events end there; all else is the game's (game.yaml, map,
    rules, stored orders)."""

    def __init__(self, game: Game, events: list[dict], state):
        super().__init__(game)
        self.events, self._state = events, state

    def state(self, copy: bool = True):
        return self._state.copy() if copy else self._state

    def press(self, turn, seats: list[str], names: dict[str, str]) -> list[dict]:
        return press_of(self, turn, seats, names)

    def latest_orders(self, turn) -> dict[str, str]:
        latest: dict[str, str] = {}
        for e in self.events:
            if e["type"] == "order_received" and e["round"] == turn:
                latest[e["company"]] = e["file"]
        return latest


@dataclass
class Moment:
    """Newsletter `number` as written: the folder then, its files, the turn it resolved (None for
    the first), its fingerprint and the time the command that wrote it was given (the journal's
    `at`, 2026-03-12T18:00:05Z; None where the journal kept none)."""

    number: int
    folder: FolderAt
    files: list[str]
    resolved: int | str | None
    fingerprint: str
    at: str | None = None


def moments(folder: GameFolder) -> list[Moment]:
    """Every newsletter of the game in force, oldest first."""
    game = Game.of(folder)
    family = game.family
    events = folder.events
    state = family.new_state()
    digest = hashlib.sha256(f"{SITE_FORMAT}\n".encode())
    if of_game(folder.config) != ENGLISH:
        digest.update(f"words {SITE_WORDS}\n".encode())
    digest.update(json.dumps(folder.config, sort_keys=True, default=str).encode())
    out, open_turn = [], None
    for i, e in enumerate(events):
        if e["type"] == "newsletter":
            at = FolderAt(game, events[:i], state.copy())
            out.append(Moment(e["number"], at, list(e["files"]), open_turn, digest.copy().hexdigest(),
                              e.get("at") if isinstance(e.get("at"), str) else None))
            open_turn = family.open_turn(state)
        state.apply(e)
        digest.update(json.dumps(e, sort_keys=True).encode())
    return out


def published_orders(at: FolderAt, turn) -> list[tuple[str, str]]:
    """The orders of a resolved turn as the umpire read them, by player in seat order: the lines it
    read (no comments, quotes, signature or press), without the CODE line, codes masked. A line it
    refused is never published: only how many there were."""
    if turn is None:
        return []
    out = []
    orders = at.latest_orders(turn)
    seats = at.folder.company_ids()
    for player in sorted(orders, key=lambda p: (seats.index(p) if p in seats else len(seats), p)):
        data = at.read_bytes(orders[player])
        refused = {e.line for e in at.read_order(data).errors}
        text, _ = split_press(at.order_text(data))
        lines = [line for n, _, line in clean_lines(text)
                 if n not in refused and keyword_of(visible(line))[0] != "CODE"]
        if refused:
            told = (ngettext("({n} line could not be read; the player was told which and why.)",
                             "({n} lines could not be read; the player was told which and why.)", len(refused))
                    if at.family.seat == "player" else
                    ngettext("({n} line could not be read; the company was told which and why.)",
                             "({n} lines could not be read; the company was told which and why.)", len(refused)))
            lines.append(told.format(n=len(refused)))
        out.append((player, "\n".join(lines)))
    return out

