"""The order preview of confirmations: chains expanded, priced now, state untouched."""

from __future__ import annotations

from umpire.families.dampfross.engine.preview import preview_order
from umpire.families.dampfross.engine.state import State
from umpire.families.dampfross.orders import parse_order


def game_state():
    state = State()
    for e in [{"type": "game_created", "game": "t", "companies": [{"id": "red", "name": "R"},
                                                                    {"id": "blue", "name": "B"}]},
              {"type": "posting", "round": 1, "from": "bank", "to": "blue", "amount": 20, "reason": "start"},
              {"type": "round_opened", "round": 1, "phase": "construction", "order": ["red", "blue"],
               "budgets": {"red": 6, "blue": 6}},
              {"type": "home", "company": "red", "hex": "C3"},
              {"type": "segment", "company": "red", "a": "C3", "b": "D3"},
              {"type": "segment", "company": "red", "a": "D3", "b": "E3"}]:
        state.apply(e)
    return state


def test_preview_expands_straight_runs(test_map, laurin):
    order = parse_order("HOME Beta\nBUILD K8-K6", test_map)
    (chain,) = preview_order(game_state(), test_map, laurin, "blue", order).chains
    assert chain.hexes == ["K8", "K7", "K6"]


def test_preview_prices_each_segment_and_names_fees(test_map, laurin):
    order = parse_order("HOME Alpha\nBUILD C3-D3", test_map)
    state = game_state()
    preview = preview_order(state, test_map, laurin, "blue", order)
    (seg,) = preview.chains[0].segments
    assert seg.cost == 1
    assert [(f.rival, f.amount, f.kind) for f in seg.fees] == [("red", 1, "connection"), ("red", 2, "parallel")]
    assert preview.fees == 3


def test_preview_lets_a_later_chain_start_where_an_earlier_one_ended(test_map, laurin):
    order = parse_order("HOME Beta\nBUILD K8-J8\nBUILD J8-I8", test_map)
    preview = preview_order(game_state(), test_map, laurin, "blue", order)
    assert [c.problem for c in preview.chains] == [None, None]


def test_preview_says_when_a_chain_is_off_the_network(test_map, laurin):
    order = parse_order("BUILD G8-H8", test_map)
    (chain,) = preview_order(game_state(), test_map, laurin, "red", order).chains
    assert "not on this company's network" in chain.problem


def test_preview_reports_a_segment_that_cannot_be_built(test_map, laurin):
    order = parse_order("BUILD C3-B3-A3", test_map)
    (chain,) = preview_order(game_state(), test_map, laurin, "red", order).chains
    assert chain.segments[-1].problem and "water" in chain.segments[-1].problem


def test_preview_leaves_the_state_unchanged(test_map, laurin):
    state = game_state()
    before = (dict(state.homes), {k: list(v) for k, v in state.owners.items()}, state.balance("blue"))
    preview_order(state, test_map, laurin, "blue", parse_order("HOME Beta\nBUILD K8-J8-I8", test_map))
    assert (dict(state.homes), {k: list(v) for k, v in state.owners.items()}, state.balance("blue")) == before


def test_preview_compares_cost_with_budget_and_balance(test_map, laurin):
    preview = preview_order(game_state(), test_map, laurin, "blue", parse_order("HOME Beta\nBUILD K8-J8", test_map))
    assert (preview.cost, preview.budget, preview.balance) == (3, 6, 20)


def test_preview_lets_a_chain_start_where_a_jump_of_the_order_lands(test_map):
    from umpire.families.dampfross.ruleset import load_rules
    jumping = load_rules("laurin", {"options.jumping": True})
    order = parse_order("HOME Beta\nJUMP K8-K7-K6\nBUILD K6-L6", test_map)
    (chain,) = preview_order(game_state(), test_map, jumping, "blue", order).chains
    assert chain.problem is None and chain.hexes == ["K6", "L6"]
