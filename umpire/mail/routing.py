"""The game a fetched message goes to, and the games a fetch has met: each opened once (with
--all, under its lock, held to the end of the fetch), with what its journal says of the messages
submitted before."""

from __future__ import annotations

import os
import re
from contextlib import ExitStack
from pathlib import Path

from ..game import Game
from ..kernel.order_header import game_named
from ..store.folder import GAME_FILE, GameFolder
from ..store.lock import Busy, game_lock
from ..usecases import actions
from .decode import Mail
from .outcome import environment

_GAME_ID = re.compile(r"[A-Za-z0-9][\w.-]*")              # what a game folder's name may be
NO_GAME = "no game of this name here"


class Routes:
    """The games of one fetch: the one fetched for, or (with --all) those of a folder of games."""

    def __init__(self, root: Path, all_games: bool):
        self.root = root
        self.all_games = all_games
        self.games: dict[str, GameFolder] = {}
        self.via: dict[str, dict[str, dict]] = {}                 # game -> via -> its journal event
        self.busy: dict[Path, Busy] = {}                          # with --all: games another command holds
        self.folders: tuple[int, dict[str, list[str]]] | None = None   # with --all: the game folder names
        self.locks: ExitStack | None = None                       # with --all: the lock of each game met
        self.turns: dict[Path, str | None] = {}                   # game folder -> its open turn

    def route(self, mail: Mail) -> tuple[GameFolder | None, str]:
        """The game a message is for: the one fetched for, or (with --all) the game folder its GAME
        line names, in any case; or None and why not (for the GM)."""
        if not self.all_games:
            return self.game(self.root), ""
        named = game_named(mail.text)                 # as the game's family reads the order's header
        if not named or len(named) > 100 or not _GAME_ID.fullmatch(named):
            return None, NO_GAME
        names = [n for n in self.folder_names(named) if (self.root / n / GAME_FILE).is_file()]
        if len(names) > 1:
            return None, (f"the GAME line names the games {' and '.join(names)}, which differ only by case: "
                          "rename one of them")
        return (self.game(self.root / names[0]), "") if names else (None, NO_GAME)

    def folder_names(self, name: str) -> list[str]:
        """The folders in the games folder whose name is `name` in any case (listed again when the
        folder has changed)."""
        changed = os.stat(self.root).st_mtime_ns
        if self.folders is None or self.folders[0] != changed:
            names: dict[str, list[str]] = {}
            for entry in os.scandir(self.root):
                if entry.is_dir():
                    names.setdefault(entry.name.lower(), []).append(entry.name)
            self.folders = changed, names
        return sorted(self.folders[1].get(name.lower(), []))

    def game(self, path: Path) -> GameFolder:
        """The game folder at `path`, opened (and with --all, locked) the first time it is met; a
        game another command holds raises Busy again each time."""
        name = str(path)
        if name not in self.games:
            if path in self.busy:
                raise self.busy[path]
            if self.all_games and self.locks is not None:
                self.locks.enter_context(game_lock(path))
            folder = _FetchedGame(path).require()
            self.games[name] = folder
            self.via[folder.game_id] = {e["via"]: e for e in folder.events
                                        if e["type"] in ("order_received", "order_refused")
                                        and str(e.get("via", "")).startswith("mail ")}
        return self.games[name]

    def remember(self, folder: GameFolder, via: str):
        """The game's last journal event is that of the message `via`."""
        self.via[folder.game_id][via] = folder.events[-1]

    def met(self, folder: GameFolder) -> bool:
        return folder.game_id in self.via

    def recorded(self, folder: GameFolder, via: str) -> actions.SubmitResult | None:
        """The result of a message submitted before a crash, rebuilt from the journal."""
        event = self.via[folder.game_id].get(via)
        if event is None:
            return None
        if event["type"] == "order_refused":
            return actions.SubmitResult(False, event["file"], event.get("company"), event["round"],
                                        reason=event["reason"], no_order=actions.is_no_order(event["reason"]),
                                        order=Game.of(folder).read_order(folder.read_bytes(event["file"])))
        order = Game.of(folder).read_order(folder.read_bytes(event["file"]))
        return actions.SubmitResult(True, event["file"], event["company"], event["round"], errors=event["errors"],
                                    replaced=event.get("replaces"), order=order, held=bool(event.get("held")))

    def open_turn(self, folder: GameFolder | None) -> str | None:
        """The game's open turn (a fetch resolves only after its last message), for `umpire status`
        to list the messages refused in it; None without a game, or when it cannot be told."""
        if folder is None:
            return None
        if folder.path not in self.turns:
            try:
                self.turns[folder.path] = str(Game.of(folder).family.open_turn(Game.of(folder).state(copy=False)))
            except Exception as exc:
                if environment(exc):
                    raise
                self.turns[folder.path] = None
        return self.turns[folder.path]


class _FetchedGame(GameFolder):
    """A game folder whose secrets are read once, and whose game.yaml is looked for until it is
    found: neither changes while mail is fetched (the fetch holds the game's lock)."""

    def has_game_file(self) -> bool:
        if not self.__dict__.get("_game_file"):
            self.__dict__["_game_file"] = GameFolder.has_game_file(self)
        return self.__dict__["_game_file"]

    @property
    def secrets(self) -> dict:
        if "_secrets" not in self.__dict__:
            self.__dict__["_secrets"] = GameFolder.secrets.fget(self)
        return self.__dict__["_secrets"]
