"""The state of a Volldampf game between two mail turns: plain data, copied before a resolve.

Money (marks) and income are two ledgers: every mark moves between a player and the bank,
every income step between a player and the income track, each with its reason.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from ...kernel.ledger import BANK, Ledger, Posting
from .board import CUBE_COLOURS

TRACK = "income track"


def card_name(card_id: str) -> str:
    """A card's name: its id without the copy number (`octagon-3` -> `octagon`)."""
    head, _, tail = card_id.rpartition("-")
    return head if head and tail.isdigit() else card_id


@dataclass
class State:
    seats: list[str] = field(default_factory=list)
    names: dict[str, str] = field(default_factory=dict)
    game: str = ""
    draws_used: int = 0                   # draws journaled so far (recorded draws go on from here)
    round: int = 1
    turn: str = "A"                       # A, A2, A3 (extra turns), B, C or finished
    extra: str = ""                       # why the open turn is an extra turn: rearrange or tie
    money: Ledger = field(default_factory=Ledger)
    income: Ledger = field(default_factory=Ledger)
    bonds: dict[str, int] = field(default_factory=dict)
    places: dict[str, int] = field(default_factory=dict)        # this round's, once auctioned
    last_places: dict[str, int] = field(default_factory=dict)   # the last round's (round 1: seats)
    sections: dict[str, str] = field(default_factory=dict)      # link id -> owner
    sections_left: dict[str, int] = field(default_factory=dict)
    cubes: dict[str, list[str]] = field(default_factory=dict)   # location id -> colours
    bag: dict[str, int] = field(default_factory=dict)
    track_deck: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)            # secret until the end
    groups: list[list[str]] = field(default_factory=list)       # this round's, numbered from 1
    won: dict[str, list[str]] = field(default_factory=dict)     # unused track cards of each player
    group_of: dict[str, int] = field(default_factory=dict)
    action_deck: list[str] = field(default_factory=list)
    action_discards: list[str] = field(default_factory=list)
    action_shuffle: str = "setup action deck"
    reshuffles: int = 0
    hands: dict[str, list[str]] = field(default_factory=dict)
    goods_deck: list[str] = field(default_factory=list)
    goods_turned: list[str] = field(default_factory=list)
    kept_a_orders: dict = field(default_factory=dict)           # turn A orders kept for an extra turn
    rearranged: bool = False
    missed: dict[str, int] = field(default_factory=dict)
    bids_pending: dict[str, list[int]] = field(default_factory=dict)
    ordered: dict[str, list[str]] = field(default_factory=dict)   # turn -> the players with an order in force

    # -- reading ----------------------------------------------------------------
    @property
    def phase(self) -> str:
        """`A`, `B`, `C` (an extra turn A2 is phase A) or `finished`."""
        return self.turn if self.turn == "finished" else self.turn[:1]

    def cash(self, player: str) -> int:
        return self.money.balance(player)

    def income_of(self, player: str) -> int:
        return self.income.balance(player)

    def score(self, player: str, income_at_end: int = 1) -> int:
        return self.income_of(player) - income_at_end * self.bonds[player]

    def in_place_order(self, places: dict[str, int] | None = None) -> list[str]:
        places = places or self.places or self.last_places
        return sorted(self.seats, key=lambda p: places.get(p, self.seats.index(p) + 1))

    def bag_list(self) -> list[str]:
        """The bag in its fixed order (blue, violet, red, yellow), one entry per cube."""
        return [c for c in CUBE_COLOURS for _ in range(self.bag.get(c, 0))]

    def copy(self) -> State:
        new = copy.copy(self)
        for name, value in vars(new).items():
            if isinstance(value, Ledger):
                setattr(new, name, value.copy())
            elif isinstance(value, (dict, list)):
                setattr(new, name, copy.deepcopy(value))
        return new

    # -- changing ---------------------------------------------------------------
    def apply(self, event: dict):
        """Fold one event into the state: the function of its name in FOLD (other events change nothing)."""
        fold = FOLD.get(event.get("type"))
        if fold:
            fold(self, event)


def _first(cards: list[str], name: str) -> str:
    """The first card of that name (a card id without its copy number)."""
    return next(c for c in cards if card_name(c) == name)


def _posting(s: State, e: dict):
    ledger = s.money if e["type"] == "money" else s.income
    ledger.post(Posting(e["round"], e["payer"], e["payee"], e["amount"], e["reason"]))


def _snapshot(s: State, e: dict):
    for key, value in e["state"].items():
        setattr(s, key, copy.deepcopy(value))


def _setup(s: State, e: dict):
    s.seats, s.names = list(e["players"]), dict(e["names"])


def _draw(s: State, e: dict):
    s.draws_used += 1


def _game_created(s: State, e: dict):
    s.game = e["game"]


def _order_received(s: State, e: dict):
    ordered = s.ordered.setdefault(str(e["round"]), [])
    if e["company"] not in ordered:
        ordered.append(e["company"])


def _company_replaced(s: State, e: dict):
    """A stand-by player takes the seat (umpire replace)."""
    if e.get("name"):
        s.names[e["company"]] = e["name"]
    if e["company"] in s.missed:
        s.missed[e["company"]] = 0


def _cube(s: State, e: dict):
    s.cubes.setdefault(e["location"], []).append(e["colour"])


def _bonds(s: State, e: dict):
    s.bonds[e["player"]] = e["total"]


def _turn(s: State, e: dict):
    s.turn, s.extra = e["turn"].lstrip("0123456789"), ""
    if s.turn == "A":
        s.rearranged, s.places, s.kept_a_orders = False, {}, {}


def _extra_turn(s: State, e: dict):
    s.turn, s.extra = e["turn"].lstrip("0123456789"), e["why"]


def _rearranged(s: State, e: dict):
    pool: dict[str, list[str]] = {}
    for c in sorted(x for g in s.groups for x in g):
        pool.setdefault(card_name(c), []).append(c)
    s.groups = [[pool[r].pop(0) for r in g] for g in e["groups"]]
    s.rearranged = True


def _group(s: State, e: dict):
    s.won[e["player"]] = list(s.groups[e["group"] - 1])
    s.group_of[e["player"]] = e["group"]


def _reshuffle(s: State, e: dict):
    s.reshuffles += 1
    s.action_deck, s.action_discards = sorted(s.action_discards), []
    s.action_shuffle = e["purpose"]


def _build(s: State, e: dict):
    s.won[e["player"]].remove(_first(s.won[e["player"]], e["card"]))
    s.sections[e["link"]] = e["player"]
    s.sections_left[e["player"]] -= 1


def _discard(s: State, e: dict):
    s.won[e["player"]].remove(_first(s.won[e["player"]], e["region"]))


def _replan(s: State, e: dict):
    s.cubes[e["source"]].remove(e["colour"])
    s.cubes.setdefault(e["target"], []).append(e["colour"])


def _end(s: State, e: dict):
    s.turn = "finished"


FOLD = {"money": _posting, "income": _posting, "state": _snapshot, "setup": _setup, "draw": _draw,
        "game_created": _game_created, "order_received": _order_received, "company_replaced": _company_replaced,
        "cube": _cube, "extra cube": _cube, "bonds": _bonds, "turn": _turn, "extra turn": _extra_turn,
        "rearranged": _rearranged, "group": _group, "reshuffle": _reshuffle, "build": _build,
        "discard": _discard, "replan": _replan, "end": _end}


def turn_name(state: State) -> str:
    return "finished" if state.turn == "finished" else f"{state.round}{state.turn}"


__all__ = ["BANK", "CUBE_COLOURS", "TRACK", "State", "card_name", "turn_name"]
