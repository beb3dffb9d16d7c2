"""Volldampf engine timing: one mail turn of a 6-player game (goal: median < 20 ms) and a whole
6-player game from setup to the final score (goal: < 1 s). Run:
`pytest tests/benchmarks/test_bench_volldampf.py --benchmark-only`."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent.parent))

import pytest
from volldampf_helpers import FakeDraws, rules, tiny_board

from umpire.families.volldampf import engine
from umpire.families.volldampf.board import load_board
from umpire.families.volldampf.orders import BodyReader
from umpire.families.volldampf.state import card_name

SEATS = [f"p{i}" for i in range(6)]


def orders_for(state, board):
    out = {}
    for i, p in enumerate(SEATS):
        turn = state.turn[0]
        if turn == "A":
            lines = ["BONDS 1", f"BID {i + 2}", "CHOOSE 6 5 4 3 2 1"]
        elif turn == "B":
            lines = []
            for card in state.won[p]:
                free = [x.id for x in board.links.values()
                        if x.region == card_name(card) and x.id not in state.sections]
                lines.append("BUILD " + " ELSE ".join(free[:3]) if free else f"DISCARD {card_name(card)}")
        else:
            lines = [f"MOVE {c} {board.locations[loc].name} BEST" for loc, cs in sorted(state.cubes.items())
                     for c in cs][:2]
        out[p] = BodyReader(board, SEATS, p, turn).read(list(enumerate(lines, 1)))[0]
    return out


def whole_game():
    board, r = tiny_board(), rules(6)
    draws = FakeDraws("bench")
    _, state = engine.start_game(board, r, SEATS, {p: p for p in SEATS}, draws)
    while state.turn != "finished":
        _, state = engine.resolve(state, board, r, orders_for(state, board), draws)
    return state


@pytest.mark.parametrize("board", [tiny_board(), load_board("volldampf-germany")], ids=["tiny", "germany"])
def test_resolve_one_mail_turn_6_players(benchmark, board):
    r = rules(6)
    draws = FakeDraws("bench")
    _, state = engine.start_game(board, r, SEATS, {p: p for p in SEATS}, draws)
    for _ in range(5):                       # into round 2, turn C
        _, state = engine.resolve(state, board, r, orders_for(state, board), draws)
    orders = orders_for(state, board)
    benchmark(engine.resolve, state, board, r, orders, draws)
    assert benchmark.stats.stats.median < 0.020


def test_whole_6_player_game(benchmark):
    state = benchmark(whole_game)
    assert state.turn == "finished"
