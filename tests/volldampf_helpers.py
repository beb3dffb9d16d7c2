"""Helpers for the Volldampf tests: a deterministic draws source, the tiny board, orders."""

from __future__ import annotations

import hashlib
from pathlib import Path

from umpire.families.volldampf.board import load_board
from umpire.families.volldampf.orders import BodyReader
from umpire.families.volldampf.rules import load_volldampf_rules

TINY = Path(__file__).parent / "maps" / "volldampf-tiny.yaml"


class FakeDraws:
    """Seeded by a text; draws depend only on the purpose (like the umpire's own)."""

    def __init__(self, seed="test", script=None):
        self.seed, self.script = seed, list(script or [])

    def _n(self, text):
        return int.from_bytes(hashlib.sha256(f"{self.seed} {text}".encode()).digest()[:4], "big")

    def pick(self, purpose, kind, candidates):
        if self.script:
            wanted = self.script.pop(0)
            return next(c for c in candidates if c == wanted)
        return candidates[self._n(purpose) % len(candidates)]

    def deal(self, purpose, kind, remaining):
        if self.script:
            wanted = self.script.pop(0)
            return next(c for c in sorted(remaining) if c.rsplit("-", 1)[0] == wanted)
        return min(remaining, key=lambda c: (self._n(f"{purpose} {c}"), c))


WORDS = ["BONDS 1", "BONDS 3", "BID 0", "BID 4", "BID 9 THEN 2", "CHOOSE 2 1", "CHOOSE 3", "BUILD L1 ELSE L2",
         "BUILD L14 FAVOUR star", "DISCARD octagon", "DISCARD circle", "MOVE blue Hamburg BEST", "MOVE DECLINE",
         "MOVE violet Hannover-Leipzig FAST ELSE DECLINE", "SUBSIDY red Köln BEST", "EXTRA MOVE 1 blue:Berlin",
         "REPLAN yellow Warschau TO Berlin MOVE 2", "REPLAN blue Hamburg TO Leipzig NOW", "TAKEFROM p1",
         "REARRANGE 1:octagon,octagon 2:star,star", "BUILD L9 ELSE L10 ELSE L11"]


def random_orders(rng, state, seats, board=None):
    """Orders for each seat drawn by `rng` from WORDS (a seat sends none now and then), with builds
    for the cards it holds, a move and a sabotage: whole games that touch every rule."""
    board = board or tiny_board()
    locs = [loc.name for loc in board.locations.values() if loc.coloured]
    out = {}
    for p in seats:
        if rng.random() < 0.15:
            out[p] = None
            continue
        lines = [rng.choice(WORDS) for _ in range(rng.randint(0, 5))]
        for card in state.won.get(p, []):
            free = [x.id for x in board.links.values() if x.region == card.rsplit("-", 1)[0]]
            lines.append("BUILD " + " ELSE ".join(rng.sample(free, min(2, len(free)))))
        lines.append(f"MOVE {rng.choice(['blue', 'violet', 'red', 'yellow'])} {rng.choice(locs)} BEST")
        lines.append(f"SABOTAGE {rng.choice([q for q in seats if q != p])}")
        body, _ = BodyReader(board, seats, p, state.turn[0]).read(list(enumerate(lines, 1)))
        out[p] = body
    return out


def tiny_board():
    return load_board(TINY)


def rules(players):
    return load_volldampf_rules(players=players)


def read(board, seats, me, turn, *lines):
    orders, errors = BodyReader(board, seats, me, turn).read(list(enumerate(lines, 1)))
    assert not errors, [str(e) for e in errors]
    return orders


WORKED = Path(__file__).parent / "maps" / "volldampf-worked.yaml"


def worked_board():
    return load_board(WORKED)


def worked_position(board, seats, *, turn, cash, bonds, cubes, **kwargs):
    """The position of the worked example (rule reference, section 18) in round 2: its places,
    incomes and sections, with the cash, bonds and cubes a test gives."""
    return mid_game(board, seats, round=2, turn=turn, cash=cash, income={"A": 2, "B": 1, "C": 0}, bonds=bonds,
                    places={"B": 1, "A": 2, "C": 3},
                    sections={"L1": "A", "L2": "A", "L3": "B", "L4": "B", "L5": "C", "L6": "C", "L7": "A", "L8": "C"},
                    cubes=cubes, **kwargs)


def mid_game(board, seats, *, round=2, turn="C", cash, income, bonds, places, sections=None, cubes=None,
             hands=None, won=None):
    """A state in the middle of a game, as a test describes it."""
    from umpire.families.volldampf.emitter import Emitter
    from umpire.families.volldampf.engine import goods_card_ids
    from umpire.families.volldampf.state import BANK, State

    s = State(list(seats), {p: p for p in seats}, round=round, turn=turn)
    emit = Emitter(s)
    box = rules(len(seats))["box"]
    for p in seats:
        emit.pay(BANK, p, cash[p], "test")
        emit.gain(p, income[p], "test")
        s.bonds[p] = bonds[p]
        s.hands[p] = list((hands or {}).get(p, []))
        s.won[p] = list((won or {}).get(p, []))
        s.missed[p] = 0
        s.sections_left[p] = 15 - sum(1 for o in (sections or {}).values() if o == p)
        s.kept_a_orders[p] = {"bids": [0], "choose": []}
    s.places = dict(places)
    s.last_places = dict(places)
    s.sections = dict(sections or {})
    s.cubes = {k: list(v) for k, v in (cubes or {}).items()}
    s.bag = dict(box["cubes"])
    for colours in s.cubes.values():
        for c in colours:
            s.bag[c] -= 1
    held = [c for h in s.hands.values() for c in h]
    s.action_deck = [f"{n}-{i}" for n, k in box["action_cards"].items() for i in range(1, k + 1)
                     if f"{n}-{i}" not in held]
    s.track_deck = [f"{r}-{i}" for r in board.regions for i in range(1, 9)]
    s.goods_deck = list(goods_card_ids(board))
    return s
