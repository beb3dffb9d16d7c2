"""A game: what its folder (umpire/store/folder.py) holds, read as its family reads it: the family,
the board and ruleset it was created with, the options and state in force, its orders as the
family reads them, and its dice or draws.

The store keeps files; the game knows what they mean. One Game is kept per GameFolder object
(`Game.of`), so that every part of the shell holding the same folder shares its folded state.
"""

from __future__ import annotations

import json
from pathlib import Path

from . import families
from .errors import DataError
from .kernel import keywords
from .kernel.echo import quote
from .kernel.options import HOUSE_RULE, options_in_force, ruleset_overrides
from .kernel.order_header import reading_of
from .store.folder import (
    MAP_FILE,
    RECORDED_FILES,
    RULES_FILE,
    SECRETS_FILE,
    GameFolder,
)


class Game:
    """The game in a game folder. It reads the folder as a family does (families/base.py's Folder:
    path, config, secrets, events, stored orders), and works out the rest."""

    def __init__(self, folder: GameFolder):
        self.folder = folder
        self._family = None
        self._map = None
        self._rules = None
        self._options_seen: tuple = (None, None, {})        # game.yaml and events read, the options in force
        self._folded: tuple[int, object, dict | None] = (0, None, None)   # events folded, state, last one

    @classmethod
    def of(cls, folder: GameFolder) -> Game:
        """The game of `folder`: the same one for as long as the folder object lives."""
        game = folder.memo.get(cls)
        if game is None:
            game = folder.memo[cls] = cls(folder)
        return game

    @classmethod
    def open(cls, path: Path | str) -> Game:
        """The game in the folder at `path`."""
        return cls.of(GameFolder(path))

    # -- the folder, as a family reads it --------------------------------------
    @property
    def path(self) -> Path:
        return self.folder.path

    @property
    def config(self) -> dict:
        return self.folder.config

    @property
    def game_id(self) -> str:
        return self.folder.game_id

    @property
    def secrets(self) -> dict:
        return self.folder.secrets

    @property
    def events(self) -> list[dict]:
        return self.folder.events

    def order_text(self, data: bytes) -> str:
        """An order's bytes as text, its codes masked but on its CODE lines, as this game reads
        them (`KENNWORT` too, where German is read)."""
        with self.order_words():
            return self.folder.order_text(data)

    def read_bytes(self, relative: str) -> bytes:
        return self.folder.read_bytes(relative)

    def latest_orders(self, round_number: int) -> dict[str, str]:
        return self.folder.latest_orders(round_number)

    def newsletter_count(self) -> int:
        return self.folder.newsletter_count()

    # -- what the game is ------------------------------------------------------
    @property
    def family(self):
        """The game family (umpire/families/): Dampfross unless game.yaml names another."""
        if self._family is None:
            folder = self.folder
            self._family = families.of_game(folder.config if folder.has_game_file() else {})
        return self._family

    @property
    def game_map(self):
        """The board the game was created with (a hex map for Dampfross)."""
        if self._map is None:
            self._map = self.family.load_board(self.folder.path / MAP_FILE)
        return self._map

    @property
    def options(self) -> dict:
        """The options in force in the open round: game.yaml's, with the house rules given since."""
        folder = self.folder
        config = folder.config
        events = folder.events if folder.journal_path.exists() else []
        config_seen, events_seen, found = self._options_seen
        if config_seen is not config or events_seen is not events:
            found = dict(config.get("options") or {})
            if any(e["type"] == HOUSE_RULE for e in events):
                found = options_in_force(found, events, self.state(copy=False).round)
            self._options_seen = (config, events, found)
        return dict(found)

    @property
    def rules(self):
        """The ruleset with the options in force (loaded again when a house rule changes them)."""
        overrides = ruleset_overrides(self.options, self.family.options)
        if self._rules is None or self._rules[0] != overrides:
            self._rules = (overrides, self.family.load_rules(self.folder.path / RULES_FILE, overrides))
        return self._rules[1]

    def order_words(self):
        """The order words read for this game, in force inside a `with` (German ones from order
        reading 3 on: kernel/keywords.py), for reading a message's lines beside its order."""
        return keywords.reading_words(reading_of(self.config), self.family.name)

    def read_order(self, data: bytes):
        """An order's bytes as the umpire reads them for this game (its family parses them)."""
        return self.family.read_order(self, self.order_text(data))

    def state(self, copy: bool = True):
        """The state after every event so far: a fresh copy, folded on from the last call's. With
        `copy=False` the folded state itself, for a caller that only reads it (and reads it
        before the next event is journaled)."""
        folder = self.folder
        events = folder.events
        count, state, last = self._folded
        if state is None or count > len(events) or (count and events[count - 1] is not last):
            count, state = 0, self.family.new_state()
        for number, event in enumerate(events[count:], count + 1):
            try:
                state.apply(event)
            except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
                self._folded = (0, None, None)
                raise DataError(f"its event {number} ({quote(json.dumps(event, ensure_ascii=False))}) cannot be "
                                f"folded into the game's state ({type(exc).__name__}: {exc}).",
                                str(folder.journal_path),
                                "If the journal was edited, restore it from a backup; if not, this is a defect of the "
                                "umpire: run the command again with --debug for the traceback.") from exc
        if count < len(events):
            problem = self._disagreement(state)
            if problem:
                self._folded = (0, None, None)
                raise DataError(problem, str(folder.journal_path),
                                "The journal and game.yaml are written by the umpire; restore them from a backup.")
        self._folded = (len(events), state, events[-1] if events else None)
        return state.copy() if copy else state

    def _disagreement(self, state) -> str | None:
        """Where the folded journal contradicts game.yaml or itself (the family says); None if nowhere."""
        ids = self.folder.company_ids() if self.folder.has_game_file() else None
        return self.family.disagreement(state, ids)

    def dice(self, state):
        """The random source of the game's family: dice or draws, seeded or recorded, going on
        after what `state` has used."""
        folder = self.folder
        dice = folder.config["dice"]
        if dice.get("mode") == "recorded":
            path = folder.inside(dice.get("file", RECORDED_FILES[self.family.recorded]))
            return self.family.random(None, path, state)
        seed = folder.secrets.get("seed")
        if not seed:
            raise DataError("the dice seed is missing.", str(folder.path / SECRETS_FILE))
        return self.family.random(seed, None, state)
