"""What a segment costs to build (points) and what it owes rivals (units).

Shared by the construction phase and the additional construction of the operating
phase, and by the route assistant.
"""

from __future__ import annotations

from dataclasses import dataclass

from ....kernel.ruleset import Ruleset
from .. import hexgrid
from ..gamemap import GameMap
from ..hexgrid import Hex, label
from .state import State


class Refusal(Exception):
    """A segment that may not be built; the message says why and what would work."""


@dataclass(frozen=True)
class Fee:
    rival: str
    amount: int
    hex: Hex
    kind: str           # connection | parallel | special | city connection

    def describe(self, name=label) -> str:
        """`2 to blue (connection in K12)`, the hex named by `name` (a map's printed labels)."""
        return f"{self.amount} to {self.rival} ({self.kind} in {name(self.hex)})"


def earns_city_bonus(game_map: GameMap, rules: Ruleset, state: State, h: Hex, builders) -> bool:
    """Whether connecting the city in h pays the bonus (RULES 3.8): not abroad, not a city
    without a station where the edition wants one, and not a home terminal any company chose (with
    `own`, a ruleset of an earlier umpire: only the builder's own); a possible home terminal nobody
    chose pays like any city."""
    c = rules.construction
    if game_map.foreign(h) or (c.bonus_needs_station and not game_map.city_at[h].stations):
        return False
    if c.no_bonus_at_home == "own":
        return all(state.homes.get(b) != h for b in builders)
    return h not in state.homes.values()


def segment_cost(game_map: GameMap, rules: Ruleset, a: Hex, b: Hex) -> int:
    """Points to build a-b, or Refusal when it cannot be built at all."""
    if not game_map.grid.adjacent(a, b):
        ferry = next((f for f in game_map.ferries if {f.port, f.landing} == {a, b}), None)
        if ferry is not None:
            raise Refusal(f"{game_map.step(a, b)} is the ferry {ferry.name}; a ferry is not built but bought "
                          f"(FERRY {ferry.name}) once the line reaches {ferry.port_name}.")
        raise Refusal(f"{game_map.label(a)} and {game_map.label(b)} are not adjacent.")
    return neighbour_cost(game_map, rules, a, b)


def neighbour_cost(game_map: GameMap, rules: Ruleset, a: Hex, b: Hex) -> int:
    """Points to build a-b for two hexes known to be neighbours, or Refusal."""
    for h in (a, b):
        if not game_map.buildable(h):
            what = "water" if game_map.char(h) == "~" else "off the map"
            raise Refusal(f"{game_map.label(h)} is {what}; no line can be built there.")
    edge = hexgrid.edge(a, b)
    if edge in game_map.barriers:
        raise Refusal(f"the edge {game_map.label(a)}/{game_map.label(b)} cannot be crossed "
                      "(the map marks it impassable); go round it.")
    if game_map.foreign(a) and not game_map.free_building_abroad and edge not in game_map.permitted_edges:
        raise Refusal(f"{game_map.describe(a)} is beyond the border: a line ends in the first hex across it "
                      "or at a junction station, and goes on abroad only along a permitted route.")
    costs = rules.construction.costs
    mountains = game_map.mountain(a) + game_map.mountain(b)
    cost = (costs.plain, costs.mountain_edge, costs.mountain_mountain)[mountains]
    river = game_map.rivers.get(edge)
    if river == "river":
        cost += costs.river
    elif river == "broad":
        cost += costs.broad_river
    return cost


def segment_fees(state: State, game_map: GameMap, rules: Ruleset, company: str, a: Hex, b: Hex) -> list[Fee]:
    """The fees company owes for building a-b now (RULES 3.2 and 3.3)."""
    fees_rules = rules.construction.fees
    edge = hexgrid.edge(a, b)
    parallel_to = [r for r in state.owners.get(edge, ()) if r != company]
    seat = lambda r: state.companies[r].seat  # noqa: E731
    if edge in game_map.special_fees:
        return [Fee(r, game_map.special_fees[edge], a, "special") for r in sorted(set(parallel_to), key=seat)]
    fees: list[Fee] = []
    for h in (a, b):
        if game_map.foreign(h) and not fees_rules.abroad:
            continue
        rivals = sorted(state.tracks.get(h, set()) - {company}, key=seat)
        if not rivals:
            continue
        if h in game_map.city_at:
            if h == a:
                fees += _city_departure_fees(state, fees_rules, company, h, rivals, parallel_to)
            continue
        fees += _connection_fees(fees_rules, company in state.tracks.get(h, ()), h, rivals, parallel_to)
    return [f for f in fees if f.amount > 0]


def _city_departure_fees(state: State, fees_rules, company: str, h: Hex, rivals: list[str],
                         parallel_to: list[str]) -> list[Fee]:
    """Leaving a city parallel to a rival's track: the city connection fee, once per rival and city."""
    if not fees_rules.city_parallel_departure:
        return []
    return [Fee(r, fees_rules.city_parallel_departure, h, "city connection") for r in rivals
            if r in parallel_to and (company, r, h) not in state.city_fees_paid]


def _connection_fees(fees_rules, already_here: bool, h: Hex, rivals: list[str], parallel_to: list[str]) -> list[Fee]:
    """In a half hex of rivals' track (not a city): the connection fee on first entering it, and
    the parallel fee beside each rival built along."""
    fees = []
    for r in rivals:
        parallel = r in parallel_to
        if not already_here and (fees_rules.connection_when_entering_parallel or not parallel):
            fees.append(Fee(r, fees_rules.connection, h, "connection"))
        if parallel:
            fees.append(Fee(r, fees_rules.parallel_half_hex, h, "parallel"))
    return fees
