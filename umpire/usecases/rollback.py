"""`umpire rollback`: undo the last resolve (or every resolve back to a round) with an audit trail.

The journal stays append-only: a rollback is an event naming the span of journal positions it
undoes, and the state is folded from the events in force (store/folder.py `in_force`). The
newsletters the undone commands issued stay on disk, moved to `newsletters/superseded/NNN.K.txt`
and `.pdf` (K: the rollback's number), and the rollback event lists each move. Orders stay on disk;
those received after the undone resolve (for rounds that are open no more) are listed in the
event and are no longer in force. Company replacements are kept.

The next resolve of the reopened round, with the same orders and seeded dice (or recorded dice,
read again from the same position), writes the same newsletter again, byte for byte.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import UmpireError
from ..game import Game
from ..kernel.order_header import turn_words
from ..store.folder import GameFolder, in_force, picture_name
from . import actions

UNDOABLE = ("resolve",)         # and the GM commands of the game's family that say they are undoable


@dataclass
class Rollback:
    to_round: int | str          # a round number, or a turn name (3B) for a family whose rounds have turns
    undone: list[str]            # what was undone, e.g. "resolve of round 3"
    superseded: dict[str, str]   # newsletter file -> where it was set aside
    orders: list[str]            # orders no longer in force (for rounds not open any more)
    nothing: bool = False        # the round asked for is open already: nothing was done


def undoable(family) -> tuple[str, ...]:
    """The commands rollback undoes in a game of `family`: resolve, and the family's undoable GM commands."""
    return UNDOABLE + tuple(c.name for c in family.gm_commands if c.undoable)


def commands(events: list[dict], family) -> list[tuple[int, int | str, dict]]:
    """The undoable commands in force in a game of `family`: (journal position, the round or turn
    open when it was given, event). A resolve names the turn it resolved; older journals say it by
    `round_opened`."""
    names = undoable(family)
    out, open_round = [], 0
    for i in in_force(events):
        e = events[i]
        if e["type"] == "round_opened":
            open_round = e["round"]
        elif e["type"] in ("turn", "extra turn") and isinstance(e.get("turn"), str):   # rounds with turns
            open_round = e["turn"]
        elif e["type"] == "command" and e["command"] in names:
            out.append((i, e.get("round", open_round), e))
    return out


def named(turn: int | str, wanted: int | str) -> bool:
    """Whether `wanted` (a round number, or a turn name such as 3B) names the round or turn `turn`:
    a round number names every turn of its round."""
    if isinstance(turn, str) and isinstance(wanted, int):
        return turn[:len(str(wanted))] == str(wanted) and not turn[len(str(wanted)):][:1].isdigit()
    return turn == wanted


def rollback(folder: GameFolder, to_round: int | None = None) -> Rollback:
    """Undo the last resolve or undoable GM command of the family (end-construction), or (with
    `to_round`) every one since round `to_round` was open, so that round is open again with its orders."""
    game = Game.of(folder)
    folder.require()
    actions.finish_interrupted(folder)
    state = game.state()
    events = folder.journal()
    done = commands(events, Game.of(folder).family)
    open_turn = Game.of(folder).family.open_turn(state)
    start = _last_done(folder, events, done, open_turn) if to_round is None else \
        _done_since(folder, done, open_turn, to_round)
    if isinstance(start, Rollback):
        return start
    first, last = start[0], len(events) - 1
    undone_positions = [i for i in in_force(events) if first <= i <= last]
    number = sum(1 for e in events if e["type"] == "rollback") + 1
    superseded, orders = _superseded_and_orders(events, undone_positions, number)
    undone = [f"{e['command']} of {turn_words(round_open)}" for position, round_open, e in done if position >= first]
    to = start[1]
    folder.append([{"type": "rollback", "to_round": to, "undoes": [first, last], "superseded": superseded,
                    "orders": orders}])
    folder.finish_rollback()
    for i in undone_positions:
        if events[i]["type"] == "newsletter":   # its map picture is drawn anew with it, never kept
            folder.inside(picture_name(events[i]["number"])).unlink(missing_ok=True)
    return Rollback(to, undone, superseded, orders)


def _last_done(folder: GameFolder, events: list[dict], done: list[tuple], open_turn) -> tuple | Rollback:
    """The last command done, to be undone; nothing to do where a rollback undid it already."""
    if not done:
        raise UmpireError(f"game {folder.game_id} has no resolved round to roll back.", fix="Nothing was done.")
    last_rollback = max((i for i, e in enumerate(events) if e["type"] == "rollback"), default=-1)
    if done[-1][0] < last_rollback:         # run again: the last resolve is undone already
        return Rollback(open_turn, [], {}, [], nothing=True)
    return done[-1]


def _done_since(folder: GameFolder, done: list[tuple], open_turn, to_round: int | str) -> tuple | Rollback:
    """The first command done in round `to_round`, to be undone with all after it; nothing to do
    where that round is open."""
    start = next((c for c in done if named(c[1], to_round)), None)
    if start is None and named(open_turn, to_round):
        return Rollback(to_round, [], {}, [], nothing=True)
    if start is None:
        rounds = list(dict.fromkeys(str(c[1]) for c in done))
        raise UmpireError(f"{turn_words(to_round)} was never resolved in game {folder.game_id} (resolved: "
                          f"{', '.join(rounds) or 'none'}; {turn_words(open_turn)} is open).",
                          fix="Nothing was done. Give --to with one of the resolved rounds.")
    return start


def _superseded_and_orders(events: list[dict], positions: list[int], number: int) -> tuple[dict, list[str]]:
    """Where the undone newsletters' files go (newsletters/superseded/, with the rollback's
    number), and the orders received in the undone rounds."""
    superseded, orders = {}, []
    for i in positions:
        e = events[i]
        if e["type"] == "newsletter":
            for name in e["files"]:
                stem, ext = name.rsplit("/", 1)[-1].rsplit(".", 1)
                superseded[name] = f"newsletters/superseded/{stem}.{number}.{ext}"
        elif e["type"] == "order_received":
            orders.append(e["file"])
    return superseded, orders
