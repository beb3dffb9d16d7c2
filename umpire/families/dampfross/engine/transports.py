"""Transports: start and destination by the dice, the station table, special destinations (RULES 4.1).

A regular transport rolls its start (red tens, black units) and its destination the same way;
a special transport rolls one die for a special destination of the map (Schmidt's Germany: the
red die and the white die's parity), as often as the map's cadence or the edition's list says. A
used number, or one
that no city carries, becomes the next free number a city carries (11..16, 21..26, ..., 66,
wrapping to 11). A destination too close to the start is rolled again; a station not on any
network cancels the transport, which still counts.
"""

from __future__ import annotations

from ....kernel.ruleset import Ruleset
from ..gamemap import STATIONS, GameMap, Special
from ..hexgrid import Hex, label
from .network import adjacency, ferry_lengths, on_any_network, shortest_line
from .state import State

MAX_REROLLS = 100


def total_transports(rules: Ruleset, game_map: GameMap) -> int | None:
    """How many transports the game runs; None when only a balance target ends it."""
    ops = rules.operations
    if not ops.end.after_transports:
        return None
    return ops.transports if game_map.specials else ops.transports_without_specials


def is_special(rules: Ruleset, game_map: GameMap, number: int) -> bool:
    """A special transport by the map's cadence (`special_every`), else the edition's cadence or list."""
    ops = rules.operations
    if not game_map.specials:
        return False
    every = game_map.special_every or ops.special_every
    if every:
        return number % every == 0
    return number in ops.special_transports


def station_hexes(game_map: GameMap, number: int) -> list[Hex]:
    return sorted(c.hex for c in game_map.stations.get(number, ()))


def station_name(game_map: GameMap, number: int) -> str:
    return " or ".join(c.name for c in game_map.stations.get(number, ()))


def special_number(game_map: GameMap, die: int) -> int:
    """The special destination a die names; a number the map lacks becomes the next one it has."""
    for k in range(6):
        n = (die - 1 + k) % 6 + 1
        if n in game_map.specials:
            return n
    raise ValueError("the map has no special destinations")


def roll_special(emit, dice, game_map: GameMap, purpose: str) -> tuple[Special, dict]:
    """Roll a special destination (one die, or the red die and the white die's parity); the dice
    are journaled with their purposes. Returns the destination and what to announce of the roll."""
    if game_map.special_roll == "red and white parity":
        red = emit.roll(dice, f"{purpose} red")
        white = emit.roll(dice, f"{purpose} white")
        special = game_map.special_for(red, white)
        return special, {"destination_rolled": red, "destination_white": white, "white": special.white}
    die = emit.roll(dice, purpose)
    return game_map.special_for(special_number(game_map, die)), {"destination_rolled": die}


def free_stations(state: State, game_map: GameMap, rules: Ruleset) -> list[int]:
    uses = state.ops.get("uses", {})
    return [n for n in STATIONS if n in game_map.stations and uses.get(n, 0) < rules.operations.station_uses]


def next_free(number: int, free: list[int]) -> int | None:
    """The rolled number if free, else the next free one in table order, wrapping to 11."""
    if not free:
        return None
    start = STATIONS.index(number)
    for k in range(len(STATIONS)):
        n = STATIONS[(start + k) % len(STATIONS)]
        if n in free:
            return n
    return None


class Announcer:
    """Rolls and announces transports, applying each event to the emitter's state."""

    def __init__(self, emit, game_map: GameMap, rules: Ruleset, dice):
        self.emit, self.map, self.rules, self.dice = emit, game_map, rules, dice

    @property
    def state(self) -> State:
        return self.emit.state

    def roll_station(self, purpose: str) -> tuple[int, int]:
        """Roll red and black; returns (rolled number, the free number it stands for)."""
        rolled = 10 * self.emit.roll(self.dice, f"{purpose} red") + self.emit.roll(self.dice, f"{purpose} black")
        free = free_stations(self.state, self.map, self.rules)
        if not free:
            self.emit(dict(type="station_table_reset", round=self.state.round,
                           reason="every station number has been used"))
            free = free_stations(self.state, self.map, self.rules)
        return rolled, next_free(rolled, free)

    def check_off(self, number: int, station: int):
        self.emit(dict(type="station_checked_off", round=self.state.round, transport=number, station=station))

    def announce(self, number: int):
        state, game_map = self.state, self.map
        special = is_special(self.rules, game_map, number)
        graph = adjacency(state, game_map)
        lengths = ferry_lengths(state, game_map)
        info = dict(type="transport_announced", round=state.round, transport=number, special=special)
        start = self.start(number, info)
        start_hexes = station_hexes(game_map, start)
        info.update(start=start, start_name=station_name(game_map, start),
                    start_hexes=[label(h) for h in start_hexes])
        start_linked = [h for h in start_hexes if on_any_network(state, h, game_map)]
        attempt = 1
        while True:
            destination, name, dest_hexes, rolled = self.roll_destination(number, attempt, special)
            info.update(destination=destination, destination_rolled=rolled.pop("destination_rolled"),
                        destination_name=name, destination_hexes=[label(h) for h in dest_hexes], **rolled)
            dest_linked = [h for h in dest_hexes if on_any_network(state, h, game_map)]
            if not start_linked or not dest_linked:
                missing = info["start_name"] if not start_linked else name
                info.update(cancelled=True, reason=f"{missing} is not on any network")
                break
            shortest = shortest_line(graph, start_linked, dest_linked, lengths)
            info.update(shortest=shortest)
            minimum = self.rules.operations.min_distance
            if shortest is None or shortest >= minimum:
                info.update(cancelled=False, reason=None)
                break
            self.emit(dict(type="destination_rerolled", round=state.round, transport=number,
                           destination=destination, destination_name=name, shortest=shortest, minimum=minimum))
            attempt += 1
            if attempt > MAX_REROLLS or not self.far_enough_left(start_linked, graph, lengths, special):
                info.update(destination=None, destination_name=None, destination_hexes=[], cancelled=True,
                            reason=f"no free destination is at least {minimum} hexes from {info['start_name']}")
                self.emit(info)
                return
        if not special:
            self.check_off(number, destination)
        self.emit(info)

    def start(self, number: int, info: dict) -> int:
        """The start station: the last destination where the edition starts there, else rolled and checked off."""
        last = self.state.ops.get("last_destination")
        if self.rules.operations.next_start == "last_destination" and last is not None:
            info.update(start_from="last destination")
            return last
        rolled, start = self.roll_station(f"transport {number} start")
        info.update(start_rolled=rolled)
        self.check_off(number, start)
        return start

    def roll_destination(self, number: int, attempt: int, special: bool) -> tuple[int, str, list[Hex], dict]:
        """The destination of one roll (a special destination for a special transport): its number,
        name and hexes, and the dice to record (`destination_rolled` among them)."""
        game_map = self.map
        again = f" {attempt}" if attempt > 1 else ""
        if special:
            chosen, rolled = roll_special(self.emit, self.dice, game_map,
                                          f"transport {number} destination{again} special")
            return chosen.number, chosen.name, sorted(chosen.hexes), rolled
        die, destination = self.roll_station(f"transport {number} destination{again}")
        return destination, station_name(game_map, destination), station_hexes(game_map, destination), \
            {"destination_rolled": die}

    def far_enough_left(self, start_linked: list[Hex], graph, lengths, special: bool) -> bool:
        """Whether any destination the dice can still give ends the rolling (far enough, or cancelling)."""
        game_map, minimum = self.map, self.rules.operations.min_distance
        if special:
            candidates = [sorted(s.hexes) for s in game_map.specials.values()]
        else:
            candidates = [station_hexes(game_map, n) for n in free_stations(self.state, game_map, self.rules)]
            if not candidates:
                return True        # the table starts afresh on the next roll
        for hexes in candidates:
            linked = [h for h in hexes if on_any_network(self.state, h, game_map)]
            if not linked:
                return True
            d = shortest_line(graph, start_linked, linked, lengths)
            if d is None or d >= minimum:
                return True
        return False
