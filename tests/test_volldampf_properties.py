"""Whole games with random orders: the engine never fails, and its books always balance."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from volldampf_helpers import FakeDraws, random_orders, rules, tiny_board

from umpire.families.volldampf import engine

BOARD = tiny_board()


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 6), st.integers(0, 10 ** 6))
def test_random_games_end_and_balance(players, seed):
    rng = random.Random(seed)
    seats = [f"p{i}" for i in range(players)]
    r = rules(players)
    draws = FakeDraws(str(seed))
    _, state = engine.start_game(BOARD, r, seats, {p: p for p in seats}, draws)
    for p in seats:
        for _ in range(rng.randint(0, 3)):
            if state.action_deck:
                state.hands[p].append(state.action_deck.pop())
    for _ in range(60):
        if state.turn == "finished":
            break
        before = state
        events, state = engine.resolve(state, BOARD, r, random_orders(rng, state, seats, BOARD), draws)
        folded = before.copy()
        for event in events[:-1]:         # what the events carry, folded as the engine folded them
            folded.apply(event)
        assert (folded.sections, folded.bonds, folded.won, folded.turn, folded.extra) == (
            state.sections, state.bonds, state.won, state.turn, state.extra)
        folded.apply(events[-1])          # the snapshot of the rest
        assert {p: (folded.cash(p), folded.income_of(p)) for p in seats} == {
            p: (state.cash(p), state.income_of(p)) for p in seats}
        assert folded.hands == state.hands and folded.cubes == state.cubes
        assert state.money.total() == 0 and state.income.total() == 0
        assert all(state.income_of(p) >= 0 and state.cash(p) >= 0 for p in seats)
        assert sum(state.bag.values()) + sum(len(c) for c in state.cubes.values()) == 40
        cards = sum(len(h) for h in state.hands.values()) + len(state.action_deck) + len(state.action_discards)
        assert cards == 14
        assert all(state.sections_left[p] >= 0 for p in seats)
    assert state.turn == "finished"
