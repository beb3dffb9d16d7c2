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
# How the journal records the game (game.yaml `journal_format`, also in its game_created event; a game
# made before it was recorded is 1): 1, the `state` snapshot closing each resolve carries the changes
# its events do not name; 2, every change is folded from an event (docs/families.md), and the
# snapshot is kept as a check of that fold.
JOURNAL_FORMAT = 2
DECKS = {"track": "track_deck", "action": "action_deck", "goods": "goods_deck"}


def card_name(card_id: str) -> str:
    """A card's name: its id without the copy number (`octagon-3` -> `octagon`)."""
    head, _, tail = card_id.rpartition("-")
    return head if head and tail.isdigit() else card_id


@dataclass
class State:
    seats: list[str] = field(default_factory=list)
    names: dict[str, str] = field(default_factory=dict)
    game: str = ""
    journal_format: int = 1
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
    """Format 1: the state the resolve left. Format 2: a check of the state folded from its events."""
    for key, value in e["state"].items():
        if s.journal_format < JOURNAL_FORMAT:
            setattr(s, key, copy.deepcopy(value))
        elif getattr(s, key) != value:
            raise ValueError(f"the events fold to {key} {getattr(s, key)!r}, the journaled state says {value!r}")


def _box(s: State, e: dict):
    """The game's box laid out: bag, decks and each player's empty hand, bonds and sections."""
    for p in e["players"]:
        s.bonds[p], s.hands[p], s.won[p], s.missed[p], s.sections_left[p] = 0, [], [], 0, e["sections"]
    s.last_places = {p: i + 1 for i, p in enumerate(e["players"])}
    s.bag = dict(e["bag"])
    for key in ("track_deck", "removed", "action_deck", "goods_deck"):
        setattr(s, key, list(e[key]))


def _setup(s: State, e: dict):
    s.seats, s.names = list(e["players"]), dict(e["names"])


def _draw(s: State, e: dict):
    """Counted; from format 2 also moved: a cube out of the bag (its `cube` event places it), a card
    (`card`, its copy id) out of its deck or another player's hand (`holder`) to where `to` says."""
    s.draws_used += 1
    source = e.get("from")
    if source == "bag":
        s.bag[e["outcome"]] -= 1
        return
    if source == "deck":
        getattr(s, DECKS[e["kind"]]).remove(e["card"])
    elif source == "hand":
        s.hands[e["holder"]].remove(e["card"])
    else:
        return                                  # format 1: the snapshot carries the change
    to = e["to"]
    if to == "removed":
        s.removed.append(e["card"])
    elif to == "hand":
        s.hands[e["player"]].append(e["card"])
    elif to == "goods":
        s.goods_turned.append(e["card"])        # a card dealt to a group is laid out by the `groups` event


def _played(s: State, e: dict):
    if "id" in e:
        s.hands[e["player"]].remove(e["id"])
        s.action_discards.append(e["id"])


def _groups(s: State, e: dict):
    if "ids" in e:
        s.groups = copy.deepcopy(e["ids"])


def _missed(s: State, e: dict):
    s.missed = dict(e["missed"])


def _kept(s: State, e: dict):
    s.kept_a_orders.update(copy.deepcopy(e["orders"]))


def _places(s: State, e: dict):
    if "places" in e:
        s.places = dict(e["places"])


def _move(s: State, e: dict):
    if "source" in e:
        s.cubes[e["source"]].remove(e["colour"])
        s.bag[e["colour"]] += 1


def _new_round(s: State, e: dict):
    s.last_places, s.round = dict(s.places), e["next"]


def _game_created(s: State, e: dict):
    s.game = e["game"]
    s.journal_format = e.get("journal_format", 1)


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
        "discard": _discard, "replan": _replan, "end": _end, "box": _box, "played": _played, "groups": _groups,
        "turns missed": _missed, "orders kept": _kept, "sealed": _places, "auction": _places, "move": _move,
        "new round": _new_round}


def turn_name(state: State) -> str:
    return "finished" if state.turn == "finished" else f"{state.round}{state.turn}"


__all__ = ["BANK", "CUBE_COLOURS", "TRACK", "State", "card_name", "turn_name"]
