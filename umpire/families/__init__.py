"""The game families the umpire runs, by the name a ruleset gives in its `family:` key.

This registry is the only place that knows the families by name. A ruleset without `family:`,
and a game.yaml without it, is Dampfross. Each family lives in its own package here and
defines `FAMILY` (a `base.Family`) in its `family` module, imported when first asked for.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

from ..errors import DataError
from .base import Family, GmCommand, RouteAssistant

DEFAULT = "dampfross"
FAMILIES = ("dampfross", "volldampf")
_FORMAT_KEY = re.compile(r"^format:[ \t]*['\"]?([A-Za-z0-9_.-]*)['\"]?[ \t]*(?:#.*)?$", re.MULTILINE)
_FAMILY_KEY = re.compile(r"^family:[ \t]*['\"]?([A-Za-z0-9_-]*)['\"]?[ \t]*(?:#.*)?$", re.MULTILINE)
_loaded: dict[str, Family] = {}


def family(name: str | None = None) -> Family:
    """The family called `name` (None: the default, Dampfross)."""
    name = name or DEFAULT
    if name not in _loaded:
        if name not in FAMILIES:
            raise DataError(f"there is no game family {name!r}.", fix=f"The families are {', '.join(FAMILIES)}.")
        try:
            _loaded[name] = importlib.import_module(f"{__name__}.{name}.family").FAMILY
        except ImportError:
            raise DataError(f"the game family {name!r} is not ready in this umpire.",
                            fix="Use a ruleset of another family, or an umpire version that runs this one.") from None
    return _loaded[name]


def of_game(config: dict) -> Family:
    """The family of a game, from its game.yaml (no `family:` key: Dampfross)."""
    return family(config.get("family"))


def of_rules(path: Path) -> Family:
    """The family a ruleset file belongs to, from its top-level `family:` key (absent: Dampfross).
    A file that cannot be read is left to the family's own loader to report."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return family()
    found = _FAMILY_KEY.search(text)
    if not found:
        return family()
    try:
        return family(found.group(1))
    except DataError as exc:
        line = text.count("\n", 0, found.start()) + 1
        raise DataError(exc.what, f"{path}, line {line}, family", exc.fix) from None


def of_board(path: Path) -> Family:
    """The family a board file belongs to, from its top-level `format:` key (each family names the
    format of its boards; absent or another: Dampfross, whose loader reports what is wrong)."""
    return named_by_board(path) or family()


def named_by_board(path: Path) -> Family | None:
    """The family whose board format the board file's `format:` names; None where it names none."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    found = _FORMAT_KEY.search(text)
    if found:
        for name in FAMILIES:
            chosen = family(name)
            if str(chosen.board_format) == found.group(1):
                return chosen
    return None


def game_entry(chosen: Family) -> dict:
    """What game.yaml says of the family: nothing for Dampfross (so its game files stay as they were);
    a family with journal formats records the one the game is journaled in."""
    entry = {} if chosen.name == DEFAULT else {"family": chosen.name}
    return entry if chosen.journal_format is None else {**entry, "journal_format": chosen.journal_format}


def journal_entry(chosen: Family, config: dict) -> dict:
    """The keyword `start_game` takes for the game's journal format (a game made before the family
    recorded it: 1); nothing for a family with one format."""
    return {} if chosen.journal_format is None else {"journal_format": int(config.get("journal_format", 1))}


def route_assistants() -> dict[str, RouteAssistant]:
    """The families that offer a route assistant (`umpire route`), by name."""
    return {name: family(name).route_assistant for name in FAMILIES if family(name).route_assistant is not None}


def gm_commands() -> dict[str, GmCommand]:
    """The GM commands the families add, by name (`umpire NAME ...`); a name two families share is
    one command, carried out by the family of the game it is given."""
    found: dict[str, GmCommand] = {}
    for name in FAMILIES:
        for command in family(name).gm_commands:
            found.setdefault(command.name, command)
    return found
