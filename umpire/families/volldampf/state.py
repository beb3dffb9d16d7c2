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
        new.__dict__.pop("log", None)
        for name, value in vars(new).items():
            if isinstance(value, Ledger):
                setattr(new, name, value.copy())
            elif isinstance(value, (dict, list)):
                setattr(new, name, copy.deepcopy(value))
        return new

    # -- changing ---------------------------------------------------------------
    def _post(self, kind: str, payer: str, payee: str, amount: int, reason: str):
        if amount > 0:
            event = {"type": kind, "round": self.round, "payer": payer, "payee": payee, "amount": amount,
                     "reason": reason}
            self.apply(event)
            if getattr(self, "log", None) is not None:
                self.log.append(event)

    def pay(self, payer: str, payee: str, amount: int, reason: str):
        """Marks from payer to payee (a player or the bank)."""
        self._post("money", payer, payee, amount, reason)

    def gain(self, player: str, amount: int, reason: str):
        self._post("income", TRACK, player, amount, reason)

    def lose(self, player: str, amount: int, reason: str):
        self._post("income", player, TRACK, amount, reason)

    def apply(self, event: dict):
        """Fold one journal event into the state (the ledgers' postings and the state snapshots)."""
        kind = event.get("type")
        if kind in ("money", "income"):
            ledger = self.money if kind == "money" else self.income
            ledger.post(Posting(event["round"], event["payer"], event["payee"], event["amount"], event["reason"]))
        elif kind == "state":
            for key, value in event["state"].items():
                setattr(self, key, copy.deepcopy(value))
        elif kind == "setup":
            self.seats, self.names = list(event["players"]), dict(event["names"])
        elif kind == "draw":
            self.draws_used += 1
        elif kind == "game_created":
            self.game = event["game"]
        elif kind == "order_received":
            ordered = self.ordered.setdefault(str(event["round"]), [])
            if event["company"] not in ordered:
                ordered.append(event["company"])
        elif kind == "company_replaced":             # a stand-by player takes the seat (umpire replace)
            if event.get("name"):
                self.names[event["company"]] = event["name"]
            if event["company"] in self.missed:
                self.missed[event["company"]] = 0


def turn_name(state: State) -> str:
    return "finished" if state.turn == "finished" else f"{state.round}{state.turn}"


__all__ = ["BANK", "TRACK", "State", "card_name", "turn_name", "CUBE_COLOURS"]
