"""The construction phase: opening a round (its dice) and resolving it (RULES 3). A company's turn
is in turn.py; when the phase ends, the first operating round opens (operations.py)."""

from __future__ import annotations

from ....kernel.ledger import BANK
from ....kernel.ruleset import Ruleset
from ..gamemap import GameMap
from ..hexgrid import Hex
from ..orders import Order
from .emitter import Emitter
from .joint_construction import pair_up
from .operations import open_operations_round
from .state import State
from .turn import Turn


def start_game(game: str, companies: list[dict], rules: Ruleset, dice,
               first_by_die: bool = False, building_order: dict | None = None) -> tuple[list[dict], State]:
    """The events that create a game and open its first construction round; with `first_by_die`
    the company that builds first is rolled for instead of being the first listed;
    `building_order`: the game option (round -> companies), where a round's order is given."""
    emit = Emitter(State())
    emit(dict(type="game_created", game=game, companies=companies))
    for c in companies:
        emit.pay(BANK, c["id"], rules.starting_balance, "starting balance")
    if first_by_die:
        roll_first_company(emit, dice)
    open_construction_round(emit, rules, dice, building_order)
    return emit.events, emit.state


def roll_first_company(emit: Emitter, dice):
    """One die per company in seat order, highest first; the tied highest roll again."""
    contenders, throw = emit.state.seat_order(), 1
    while len(contenders) > 1:
        again = f" again {throw - 1}" if throw > 1 else ""
        rolls = {c: emit.roll(dice, f"first company {c}{again}") for c in contenders}
        contenders = [c for c in contenders if rolls[c] == max(rolls.values())]
        throw += 1
    emit(dict(type="first_company", company=contenders[0], throws=throw - 1))


def round_order(state: State, number: int, given: list[str] | None = None) -> list[str]:
    """The first company rotates by one seat each round; the others follow in seat order. `given`
    (the option building_order's for the round) replaces it where it names every company once."""
    seats = state.seat_order()
    if given is not None and sorted(given) == sorted(seats):
        return list(given)
    first = (number - 1 + state.first_seat) % len(seats)
    return seats[first:] + seats[:first]


def open_construction_round(emit: Emitter, rules: Ruleset, dice, building_order: dict | None = None):
    state = emit.state
    number = state.round + 1
    order = round_order(state, state.construction_rounds + 1, (building_order or {}).get(number))
    dice_rules = rules.construction.dice

    def roll_budget(who: str | None) -> int:
        base = f"round {number} construction" + (f" {who}" if who else "")
        if dice_rules.count == 1:
            return emit.roll(dice, base)
        return sum(emit.roll(dice, f"{base} die {i}") for i in range(1, dice_rules.count + 1))

    if dice_rules.mode == "shared":
        budget = roll_budget(None)
        budgets = {c: budget for c in order}
    else:
        budgets = {c: roll_budget(c) for c in order}
    emit(dict(type="round_opened", round=number, phase="construction", order=order, budgets=budgets))


def unconnected_cities(state: State, game_map: GameMap) -> list[Hex]:
    return [c.hex for c in game_map.cities if c.hex not in state.connected]


def resolve_construction_round(state: State, game_map: GameMap, rules: Ruleset, orders: dict[str, Order],
                               dice, options: dict | None = None) -> tuple[list[dict], State]:
    """Carry out the round's orders in round order; end the phase or open the next round."""
    emit = Emitter(state.copy())
    number = emit.state.round
    ended = False
    joint_plans, joint_refused = pair_up(emit.state, rules, orders)
    for company in emit.state.round_order:
        order = orders.get(company)
        if ended:
            if order is not None and (order.chains or order.home or order.jumps or order.joints or order.ferries):
                emit(dict(type="not_carried_out", round=number, company=company,
                          reason="the construction phase ended before this company's turn"))
            continue
        if order is None:
            emit(dict(type="no_orders", round=number, company=company))
        else:
            Turn(emit, game_map, rules, company, order, emit.state.budgets.get(company, 0),
                 joint_plans.get(company), joint_refused.get(company)).run()
        ended = _phase_over_after_turn(emit.state, game_map, rules)
    if ended:
        emit(dict(type="construction_ended", round=number,
                  reason=f"at most {rules.construction.end.cities_left} cities were left unconnected"))
        open_operations_round(emit, game_map, rules, dice, options)
    else:
        emit(dict(type="round_closed", round=number))
        if _grace_over(emit, game_map, rules):
            emit(dict(type="construction_ended", round=number,
                      reason=f"{rules.construction.end.grace.rounds} rounds passed with only "
                             f"{rules.construction.end.grace.cities_left} city left"))
            open_operations_round(emit, game_map, rules, dice, options)
        else:
            open_construction_round(emit, rules, dice, (options or {}).get("building_order"))
    return emit.events, emit.state


def end_construction(state: State, reason: str, game_map: GameMap, rules: Ruleset, dice,
                     options: dict | None = None) -> tuple[list[dict], State]:
    """The GM ends the construction phase by command; the first operating round opens."""
    emit = Emitter(state.copy())
    emit(dict(type="construction_ended", round=state.round, reason=f"ended by the GM: {reason}"))
    open_operations_round(emit, game_map, rules, dice, options)
    return emit.events, emit.state


def _phase_over_after_turn(state: State, game_map: GameMap, rules: Ruleset) -> bool:
    return len(unconnected_cities(state, game_map)) <= rules.construction.end.cities_left


def _grace_over(emit: Emitter, game_map: GameMap, rules: Ruleset) -> bool:
    grace = rules.construction.end.grace
    state = emit.state
    if not grace:
        return False
    if state.grace_since is None:
        if len(unconnected_cities(state, game_map)) <= grace.cities_left:
            emit(dict(type="grace_started", round=state.round, cities_left=grace.cities_left))
        return False
    return state.round - state.grace_since >= grace.rounds
